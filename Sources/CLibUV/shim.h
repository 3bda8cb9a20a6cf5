// What Swift cannot say about libuv. Only ViewWireLoop imports this module.
#ifndef VIEWWIRE_CLIBUV_SHIM_H
#define VIEWWIRE_CLIBUV_SHIM_H
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

#endif
