// Squire's internal C shims: not API. Swift has no thread-local variables of its own; these
// give the resolve path one that costs a few instructions (pthread keys cost a call each way).
//
// They also let a container free the snapshots it no longer publishes without a reference
// count on the resolve path (epoch-based reclamation). A thread announces the global epoch
// when its outermost synchronous resolve starts and withdraws it when that resolve ends; a
// container that replaces its snapshot tags the old one with a new epoch, and frees it once
// every thread inside a resolve announced that epoch or a later one: such a thread started
// after the old snapshot stopped being published, so it cannot be reading it.
//
// The atomics are the compiler's `__atomic` builtins on plain integers (what `stdatomic.h`
// is made of), so that the header declares no `_Atomic` type for Swift to import. Thread
// Sanitizer sees them: the release store that withdraws an announcement and the load that
// reads it order a thread's last read of a snapshot before the snapshot is freed.
#ifndef SQUIRE_SHIMS_H
#define SQUIRE_SHIMS_H

#if defined(__ELF__)
// The variable is reached with the thread pointer and a fixed offset, never through
// `__tls_get_addr`.
#define SQUIRE_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define SQUIRE_TLS_MODEL
#endif

/// One thread's part in resolving: its own counter, and what reclaimers read.
struct _squire_thread {
  /// How many synchronous resolves run on this thread, one inside the other: a factory that
  /// resolves through the container starts a resolve inside the one that runs the factory.
  /// Read and written by this thread only.
  long nesting;
  /// The global epoch this thread announced when its outermost resolve started; 0 outside
  /// resolves. Written by this thread, read by reclaimers (atomically).
  unsigned long epoch;
  /// Whether this thread is in the list reclaimers read (its pthread key removes it when the
  /// thread ends).
  int registered;
  /// The list of registered threads, guarded by its lock.
  struct _squire_thread *_Nullable next;
  struct _squire_thread *_Nullable previous;
  /// The creation (Squire's `Creation`) of the factory of a cached instance running on this
  /// thread right now, if any; not retained (its resolve holds it). Read and written by this
  /// thread only.
  void *_Nullable creation;
  /// A creation kept for the next outermost resolve on this thread, retained: released when
  /// the thread ends. Read and written by this thread only.
  void *_Nullable spare_creation;
  /// Whether a failure observer (`onResolveFailure`) runs on this thread right now: a resolve it
  /// makes that fails is not observed again. Read and written by this thread only.
  int observing_failure;
  /// The lowest address this thread's stack may reach while it resolves: the end of the stack
  /// plus a reserve (`_squire_stack_reserve`). 0 until a resolve first asks, 1 where the stack
  /// could not be found (nothing is ever below it). Read and written by this thread only.
  unsigned long stack_floor;
  /// The size of this thread's stack, 0 if unknown; found with `stack_floor`.
  unsigned long stack_size;
  /// The lowest address of this thread's stack, 0 if unknown: a frame below it is on another
  /// stack (a coroutine's, a signal handler's), which this thread's bounds do not describe.
  unsigned long stack_low;
};

extern _Thread_local struct _squire_thread _squire_this_thread SQUIRE_TLS_MODEL;

/// The global epoch: starts at 1, moves on each time a container retires a snapshot.
extern unsigned long _squire_global_epoch;

/// Puts this thread in the list reclaimers read; called once per thread, on its first resolve.
void _squire_register_thread(void);

/// Counts one more synchronous resolve running on this thread; returns how many run now. The
/// outermost one announces the global epoch before anything reads a snapshot: a full fence
/// (a sequentially consistent store), so that a reclaimer that then looks at this thread
/// either sees the announcement or has already unpublished what it frees.
static inline long _squire_enter_resolve(void) {
  long nesting = ++_squire_this_thread.nesting;
  if (__builtin_expect(nesting == 1, 1)) {
    if (__builtin_expect(!_squire_this_thread.registered, 0)) _squire_register_thread();
    unsigned long epoch = __atomic_load_n(&_squire_global_epoch, __ATOMIC_ACQUIRE);
    __atomic_store_n(&_squire_this_thread.epoch, epoch, __ATOMIC_SEQ_CST);
  }
  return nesting;
}

/// Counts one synchronous resolve fewer running on this thread; the outermost one withdraws
/// the thread's announcement (a release store: what it read happens before a reclaimer that
/// sees the withdrawal frees it).
static inline void _squire_leave_resolve(void) {
  if (--_squire_this_thread.nesting == 0) {
    __atomic_store_n(&_squire_this_thread.epoch, 0, __ATOMIC_RELEASE);
  }
}

/// Moves the global epoch on and returns the new one: the tag of a snapshot just unpublished
/// (call it after the store that unpublished it).
static inline unsigned long _squire_advance_epoch(void) {
  return __atomic_add_fetch(&_squire_global_epoch, 1, __ATOMIC_SEQ_CST);
}

/// Finds this thread's stack (`pthread_getattr_np` on Linux, `pthread_get_stackaddr_np` on
/// Apple platforms), keeps its floor and size, and returns the floor: once per thread.
unsigned long _squire_find_stack_floor(void);

/// Whether this thread's stack has run down into its reserve: a frame address and a compare,
/// and, the first time on a thread, `_squire_find_stack_floor`. Assumes a stack that grows
/// down, as it does on every platform Swift runs on.
static inline int _squire_stack_is_low(void) {
  unsigned long floor = _squire_this_thread.stack_floor;
  if (__builtin_expect(floor == 0, 0)) floor = _squire_find_stack_floor();
  unsigned long frame = (unsigned long)__builtin_frame_address(0);
  return frame < floor && frame >= _squire_this_thread.stack_low;
}

/// How much of its stack a thread keeps free of resolves: a quarter, between 64 KB and 256 KB.
/// It holds the frames built between two checks (a few levels of a resolve, the factories that
/// run in them) and the error's own way out.
static inline unsigned long _squire_stack_reserve(unsigned long size) {
  unsigned long reserve = size / 4;
  if (reserve < 64 * 1024) reserve = 64 * 1024;
  if (reserve > 256 * 1024) reserve = 256 * 1024;
  return reserve;
}

/// This thread's stack size in bytes, 0 if unknown (after `_squire_stack_is_low`).
static inline unsigned long _squire_stack_size(void) {
  return _squire_this_thread.stack_size;
}

/// How many synchronous resolves run on this thread, one inside the other.
static inline long _squire_nesting(void) {
  return _squire_this_thread.nesting;
}

/// The creation of the factory running on this thread, if any (see `_squire_thread`).
static inline void *_Nullable _squire_current_creation(void) {
  return _squire_this_thread.creation;
}

static inline void _squire_set_current_creation(void *_Nullable creation) {
  _squire_this_thread.creation = creation;
}

/// Marks this thread as running failure observers (1) or not (0); returns what it was.
static inline int _squire_swap_observing_failure(int observing) {
  int was = _squire_this_thread.observing_failure;
  _squire_this_thread.observing_failure = observing;
  return was;
}

/// The creation kept for this thread's next outermost resolve, if any (see `_squire_thread`).
static inline void *_Nullable _squire_spare_creation(void) {
  return _squire_this_thread.spare_creation;
}

/// Keeps `creation` (retained by the caller for this thread) as this thread's spare; the
/// thread is registered, so that its end releases it.
static inline void _squire_set_spare_creation(void *_Nullable creation) {
  if (__builtin_expect(!_squire_this_thread.registered, 0)) _squire_register_thread();
  _squire_this_thread.spare_creation = creation;
}

/// Releases a thread's spare creation when the thread ends; defined by Squire, in Swift.
void _squire_release_spare_creation(void *_Nonnull creation);

/// Whether this thread is the process's main thread, where the main actor runs: an `@Ambient`
/// property, whose getter has no isolation to pass, reads a `@MainActor` component there.
int _squire_is_main_thread(void);

/// The oldest epoch a thread inside a resolve announced, or `ULONG_MAX` when no thread is
/// inside one: a snapshot tagged with an epoch up to this one can be freed.
unsigned long _squire_oldest_announced_epoch(void);

#endif
