// What Swift cannot say about libuv. Only ViewWireLoop imports this module.
#ifndef VIEWWIRE_CLIBUV_SHIM_H
#define VIEWWIRE_CLIBUV_SHIM_H
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <fcntl.h>
#include <uv.h>
#include <signal.h>
#include <pthread.h>
#include <malloc.h>

static inline uv_stream_t *vw_tcp_as_stream(uv_tcp_t *tcp) { return (uv_stream_t *)tcp; }
static inline uv_handle_t *vw_tcp_as_handle(uv_tcp_t *tcp) { return (uv_handle_t *)tcp; }
static inline uv_handle_t *vw_timer_as_handle(uv_timer_t *t) { return (uv_handle_t *)t; }
static inline uv_handle_t *vw_async_as_handle(uv_async_t *a) { return (uv_handle_t *)a; }
static inline uv_handle_t *vw_signal_as_handle(uv_signal_t *s) { return (uv_handle_t *)s; }
static inline void vw_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/// A process started with `signum` blocked (Foundation's `Process` and some supervisors pass on
/// a mask) would never see it; a watcher asks for it, so the calling thread unblocks it.
static inline int vw_unblock_signal(int signum) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signum);
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/// Gives the kernel back the heap memory malloc holds free (glibc keeps freed memory of its
/// arenas for reuse). Returns 1 when something was released.
static inline int vw_release_free_memory(void) { return malloc_trim(0); }

/// The processors this process may run on (its affinity mask, as `taskset` or a cpuset sets
/// it), or the online processors when the mask cannot be read.
static inline int vw_available_processors(void) {
  // The raw system call: glibc's wrapper and CPU_COUNT need _GNU_SOURCE, which would make this
  // header's view of glibc differ from Swift's.
  unsigned long mask[16] = {0};
  long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
  if (bytes > 0) {
    int count = 0;
    for (long i = 0; i < bytes / (long)sizeof mask[0]; i++) count += __builtin_popcountl(mask[i]);
    if (count > 0) return count;
  }
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (int)online : 1;
}

/// A close-on-exec duplicate of `fd`, or -1.
static inline int vw_dup_cloexec(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 0); }

/// Names the calling thread, as `top -H` shows it (15 bytes at most); pthread_setname_np would
/// need _GNU_SOURCE.
static inline void vw_name_this_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

#endif
