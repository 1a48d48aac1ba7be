import Testing
@testable import Squire
