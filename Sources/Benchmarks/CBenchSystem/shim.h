// What the load benchmarks need from Linux that Swift's Glibc module does not import: epoll
// (one readiness call for 50 connections instead of poll's scan of all of them) and thread CPU
// affinity (`sched_setaffinity` on one thread). Not `_GNU_SOURCE` (which glibc's cpu_set_t
// wants): it changes `fd_set`'s members, and a debug build then refuses this module next to
// Dispatch's view of the same header; the affinity call goes through `syscall` instead.
#ifndef VIEWWIRE_CBENCHSYSTEM_SHIM_H
#define VIEWWIRE_CBENCHSYSTEM_SHIM_H

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// A new epoll instance, closed on exec (-1 with errno).
static inline int viewwire_bench_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// Adds `fd` to the epoll set `epfd` for reading, tagged with `tag` (the connection's index).
static inline int viewwire_bench_epoll_add(int epfd, int fd, uint32_t tag) {
  struct epoll_event event;
  event.events = EPOLLIN;
  event.data.u64 = tag;
  return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

/// Removes `fd` from the epoll set `epfd`.
static inline int viewwire_bench_epoll_remove(int epfd, int fd) {
  struct epoll_event event = {0};
  return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event);
}

/// Waits for at most `capacity` ready connections; writes their tags to `tags`, returns how many
/// (or -1 with errno).
static inline int viewwire_bench_epoll_wait(int epfd, uint32_t *tags, int capacity, int timeout) {
  struct epoll_event events[64];
  if (capacity > 64) capacity = 64;
  int ready = epoll_wait(epfd, events, capacity, timeout);
  for (int index = 0; index < ready; index++) tags[index] = (uint32_t)events[index].data.u64;
  return ready;
}

/// Restricts the calling thread (pid 0) or task `tid` to the CPUs in `cpus[0..<count]`.
static inline int viewwire_bench_set_affinity(int tid, const int *cpus, int count) {
  enum { bits = 8 * sizeof(unsigned long), words = 1024 / bits };
  unsigned long mask[words] = {0};
  for (int index = 0; index < count; index++) {
    if (cpus[index] >= 0 && cpus[index] < 1024) mask[cpus[index] / bits] |= 1UL << (cpus[index] % bits);
  }
  return syscall(SYS_sched_setaffinity, tid, sizeof(mask), mask) == 0 ? 0 : -1;
}

/// The calling thread's CPU time in nanoseconds (user and system).
static inline uint64_t viewwire_bench_thread_cpu_ns(void) {
  struct timespec time;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
  return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

#endif
