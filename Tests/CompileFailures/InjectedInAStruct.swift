// expect-error: @Injected works in classes only
import Squire

protocol Clock {}

// A struct is copied: the container would fill its own copy, so the wrapper refuses it.
struct Dashboard {
  @Injected var clock: Clock
}
