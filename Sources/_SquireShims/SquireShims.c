#if defined(__linux__)
// `pthread_getattr_np`.
#define _GNU_SOURCE
#endif
#include "_SquireShims.h"

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

_Thread_local struct _squire_thread _squire_this_thread SQUIRE_TLS_MODEL = {0, 0, 0, NULL, NULL, NULL, NULL, 0, 0, 0, 0};

unsigned long _squire_global_epoch = 1;

/// Every registered thread, guarded by `threads_lock`.
static struct _squire_thread *threads = NULL;
static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
/// Its destructor takes a thread out of the list when the thread ends.
static pthread_key_t thread_key;
static pthread_once_t thread_key_once = PTHREAD_ONCE_INIT;

static void unregister_thread(void *value) {
  struct _squire_thread *thread = value;
  pthread_mutex_lock(&threads_lock);
  if (thread->previous) {
    thread->previous->next = thread->next;
  } else {
    threads = thread->next;
  }
  if (thread->next) thread->next->previous = thread->previous;
  thread->next = NULL;
  thread->previous = NULL;
  thread->registered = 0;
  pthread_mutex_unlock(&threads_lock);
  // The thread's spare creation goes with it (a resolve in a later key destructor registers
  // the thread again, and this runs again).
  void *spare = thread->spare_creation;
  thread->spare_creation = NULL;
  if (spare) _squire_release_spare_creation(spare);
}

static void make_thread_key(void) { pthread_key_create(&thread_key, unregister_thread); }

unsigned long _squire_find_stack_floor(void) {
  unsigned long low = 0, size = 0;
#if defined(__APPLE__)
  pthread_t self = pthread_self();
  size = pthread_get_stacksize_np(self);
  // The address given is the stack's top (its highest address).
  low = (unsigned long)pthread_get_stackaddr_np(self) - size;
#elif defined(__linux__)
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    void *address = NULL;
    size_t found = 0;
    if (pthread_attr_getstack(&attributes, &address, &found) == 0 && address != NULL) {
      low = (unsigned long)address;
      size = found;
    }
    pthread_attr_destroy(&attributes);
  }
#endif
  unsigned long floor = 1;
  if (low != 0 && size != 0) floor = low + _squire_stack_reserve(size);
  _squire_this_thread.stack_floor = floor;
  _squire_this_thread.stack_size = size;
  _squire_this_thread.stack_low = low;
  return floor;
}

void _squire_register_thread(void) {
  struct _squire_thread *thread = &_squire_this_thread;
  pthread_once(&thread_key_once, make_thread_key);
  pthread_mutex_lock(&threads_lock);
  thread->previous = NULL;
  thread->next = threads;
  if (threads) threads->previous = thread;
  threads = thread;
  thread->registered = 1;
  pthread_mutex_unlock(&threads_lock);
  // A thread that resolves again in a later key destructor is put back, and taken out again.
  pthread_setspecific(thread_key, thread);
}

int _squire_is_main_thread(void) {
#if defined(__APPLE__)
  return pthread_main_np();
#elif defined(__linux__)
  return getpid() == (pid_t)syscall(SYS_gettid);
#else
  return 0;
#endif
}

unsigned long _squire_oldest_announced_epoch(void) {
  unsigned long oldest = ULONG_MAX;
  pthread_mutex_lock(&threads_lock);
  for (struct _squire_thread *thread = threads; thread; thread = thread->next) {
    unsigned long epoch = __atomic_load_n(&thread->epoch, __ATOMIC_SEQ_CST);
    if (epoch != 0 && epoch < oldest) oldest = epoch;
  }
  pthread_mutex_unlock(&threads_lock);
  return oldest;
}
