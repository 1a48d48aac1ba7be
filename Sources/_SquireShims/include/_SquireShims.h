// Squire's internal C shims: not API. Swift has no thread-local variables of its own; these
// give the resolve path one that costs a few instructions (pthread keys cost a call each way).
#ifndef SQUIRE_SHIMS_H
#define SQUIRE_SHIMS_H

#if defined(__ELF__)
// The variable is reached with the thread pointer and a fixed offset, never through
// `__tls_get_addr`.
#define SQUIRE_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define SQUIRE_TLS_MODEL
#endif

/// How many synchronous resolves run on this thread, one inside the other: a factory that
/// resolves through the container starts a resolve inside the one that runs the factory.
extern _Thread_local long _squire_resolve_nesting SQUIRE_TLS_MODEL;

/// Counts one more synchronous resolve running on this thread; returns how many run now.
static inline long _squire_enter_resolve(void) { return ++_squire_resolve_nesting; }

/// Counts one synchronous resolve fewer running on this thread.
static inline void _squire_leave_resolve(void) { --_squire_resolve_nesting; }

#endif
