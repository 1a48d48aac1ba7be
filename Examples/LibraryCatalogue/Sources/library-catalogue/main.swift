import Configuration
import LibraryCatalogue
import Logging

// Run with `swift run library-catalogue` (LIBRARY_PORT, LIBRARY_DATABASE to change the
// defaults: port 8080, ./library.sqlite).
LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "library-catalogue")
logger.logLevel = .info
try await runLibrary(
  configuration: ConfigReader(provider: EnvironmentVariablesProvider()), logger: logger)
