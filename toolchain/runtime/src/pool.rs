//! The persistent thread pool that runs launches, with dynamic distribution of work.
//!
//! # Why this shape
//!
//! UR's adapter and OCK's host target both slice the groups statically, one slice per thread
//! (docs/runtime-abi.md, "How DPC++'s runtime differs"): a thread that is slow (a descheduled core on a
//! shared machine, a group with more work than its neighbours) holds everyone up, and a launch
//! with fewer X groups than threads leaves threads idle. Here a job is a count of indivisible
//! *units* (work-groups, for a launch) handed out through one atomic counter in chunks, and every
//! thread — the launching thread included — keeps claiming chunks until none are left. No thread
//! owns a fixed share, so the load balances itself.
//!
//! # Protocol
//!
//! * A job (`Job`) is shared through an `Arc`: a claim counter `next`, a completion counter
//!   `done`, and a pointer to the launcher's [`Work`], which lives on the launcher's stack.
//! * The launcher publishes the job in the queue (only if helpers can be useful), wakes as many
//!   sleeping workers as there are chunks beyond its own, and takes part itself.
//! * Every claimed unit is added to `done` exactly once. The launcher returns only when `done`
//!   equals the total, and a thread only touches the [`Work`] while it holds a claimed chunk that
//!   is not yet counted, so the [`Work`] and everything it borrows (the launch's arguments)
//!   outlive every use, exactly as with scoped threads. A claim that comes back empty never
//!   touches the [`Work`].
//! * A panic inside [`Work::run`] (which would be a runtime bug: subhandlers are `extern "C"`
//!   and cannot unwind) marks the job failed and drains the rest of it without running, so the
//!   launcher still returns, with an error, instead of hanging.
//!
//! # Concurrency
//!
//! Launches from several host threads run *concurrently*: each publishes its own job; workers take
//! the oldest job that still has unclaimed units. Every launcher can finish its job alone, and a
//! thread waits only for chunks that other threads are actively running, so no launch can
//! deadlock — not even a launch issued from inside a kernel, or in a forked child without workers.
//!
//! # Idling
//!
//! A worker with nothing to do spins for [`IDLE_SPIN`] watching for a new job (SYCL programs often
//! launch kernels back to back, and a futex wake costs tens of microseconds), then blocks on a
//! condition variable. The launcher likewise spins briefly, then parks, while waiting for the last
//! chunks.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::thread::{self, JoinHandle, Thread};
use std::time::{Duration, Instant};

use crate::diag;
use crate::tsan_hooks;

/// Environment variable that sets the number of threads launches use.
pub const THREADS_ENV: &str = "NATIVECPU_THREADS";

/// Largest accepted `NATIVECPU_THREADS`; larger values are treated as typos.
pub const MAX_THREADS: usize = 4096;

/// A job is cut into about this many chunks per thread: enough that the last chunks to finish are
/// small compared with a thread's share (the tail imbalance is at most one chunk), few enough
/// that the claim counter is touched rarely.
pub const CHUNKS_PER_THREAD: usize = 16;

/// Upper bound on units per chunk, so that a launch of very many tiny groups still balances at a
/// fine grain; 64 claims' worth of atomics are noise next to 64 subhandler calls.
pub const MAX_CHUNK: usize = 64;

/// How long an idle worker (or a launcher waiting for the last chunks) spins before blocking.
pub const IDLE_SPIN: Duration = Duration::from_micros(50);

/// Stack size of worker threads: the same 8 MiB a Linux main thread gets, so that a kernel with a
/// large frame behaves the same whichever thread runs a group.
pub const WORKER_STACK_SIZE: usize = 8 << 20;

/// The code a job runs; implemented by the launcher (see `launch.rs`).
pub trait Work: Sync {
    /// Runs on every thread taking part in the job, once, with a chunk already claimed. It must
    /// process every chunk `chunks` yields until it yields `None`. Per-thread setup (the
    /// work-item state, the local-memory block and its argument array) belongs before the loop:
    /// it is paid once per thread and launch, not per unit.
    fn run(&self, chunks: &mut Chunks<'_>);
}

/// The job failed because [`Work::run`] panicked or returned before taking every chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("internal runtime error: a worker failed while running work-groups (see stderr)")]
pub struct JobFailed;

/// Parses a `NATIVECPU_THREADS` value: a decimal integer in `1..=MAX_THREADS`, blanks around it
/// allowed.
pub fn parse_thread_count(value: &OsStr) -> Option<usize> {
    let count: usize = value.to_str()?.trim().parse().ok()?;
    (1..=MAX_THREADS).contains(&count).then_some(count)
}

/// The number of threads launches use: `NATIVECPU_THREADS` if valid, else every core the process
/// may run on. An invalid value prints one warning (this is computed once per process).
pub fn configured_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        let default = thread::available_parallelism().map_or(1, |n| n.get());
        match std::env::var_os(THREADS_ENV) {
            None => default,
            Some(value) => parse_thread_count(&value).unwrap_or_else(|| {
                diag::warn(&format!(
                    "warning: ignoring {THREADS_ENV}={value:?} (expected an integer from 1 to \
                     {MAX_THREADS}); using {default} threads"
                ));
                default
            }),
        }
    })
}

/// The process-wide pool, created on first use with [`configured_threads`] threads.
pub fn global() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool::new(configured_threads()))
}

/// Units per chunk for a job of `total` units on `threads` threads.
pub fn chunk_size(total: usize, threads: usize) -> usize {
    (total / (threads.max(1) * CHUNKS_PER_THREAD)).clamp(1, MAX_CHUNK)
}

/// A persistent pool: `threads - 1` workers plus whichever thread calls [`Pool::run`].
pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A pool in which launches use `threads` threads (at least 1): the launching thread and
    /// `threads - 1` workers. If the system refuses to create a worker, the pool warns and works
    /// with the ones it has.
    pub fn new(threads: usize) -> Pool {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
            generation: AtomicU64::new(0),
        });
        let mut workers = Vec::new();
        for index in 1..threads.max(1) {
            let worker_shared = Arc::clone(&shared);
            let spawned = thread::Builder::new()
                .name(format!("nativecpu-worker-{index}"))
                .stack_size(WORKER_STACK_SIZE)
                .spawn(move || worker_main(&worker_shared));
            match spawned {
                Ok(handle) => workers.push(handle),
                Err(error) => {
                    diag::warn(&format!(
                        "warning: could not start worker thread {index} ({error}); using {index} \
                         threads"
                    ));
                    break;
                }
            }
        }
        Pool { shared, workers }
    }

    /// Number of threads a launch runs on, the calling thread included.
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// Runs units `0..total` of `work` on the pool and returns when all have finished. The
    /// calling thread takes part.
    ///
    /// # Panics
    /// If `total` exceeds `isize::MAX` (the claim counter needs the headroom to overshoot).
    pub fn run(&self, total: usize, work: &(dyn Work + '_)) -> Result<(), JobFailed> {
        assert!(
            total <= isize::MAX as usize,
            "job of {total} units is too large"
        );
        if total == 0 {
            return Ok(());
        }
        let chunk = chunk_size(total, self.threads());
        // Only the lifetime is erased; see `Job::work` for why every dereference is in bounds.
        let work: *const (dyn Work + '_) = work;
        // SAFETY: both are fat pointers to the same trait object type.
        let work = unsafe {
            std::mem::transmute::<*const (dyn Work + '_), *const (dyn Work + 'static)>(work)
        };
        let job = Job {
            total,
            chunk,
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            launcher: thread::current(),
            work,
        };
        let helpers = self.workers.len().min(total.div_ceil(chunk) - 1);
        let failed = if helpers == 0 {
            // One chunk, or no workers: this thread runs every unit, and nobody else sees the
            // job, so it needs neither sharing nor waiting (the cost of an empty kernel's launch).
            participate(&job);
            job.failed.load(Ordering::Relaxed)
        } else {
            let job = Arc::new(job);
            tsan_hooks::release(Arc::as_ptr(&job));
            self.shared.publish(&job, helpers);
            participate(&job);
            self.shared.withdraw(&job);
            job.wait();
            job.failed.load(Ordering::Relaxed)
        };
        if failed {
            Err(JobFailed)
        } else {
            Ok(())
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.lock().shutdown = true;
        self.shared.wake.notify_all();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// The chunks one thread claims from a job, in claim order. Each chunk is counted finished only
/// when the next claim succeeds or the thread leaves the job, never earlier: see the module doc.
pub struct Chunks<'a> {
    job: &'a Job,
    current: Range<usize>,
    delivered: bool,
    exhausted: bool,
}

impl Iterator for Chunks<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        if !self.delivered {
            self.delivered = true;
            return Some(self.current.clone());
        }
        if self.exhausted {
            return None;
        }
        match self.job.claim() {
            Some(range) => {
                self.job.finish(self.current.len());
                self.current = range.clone();
                Some(range)
            }
            None => {
                self.exhausted = true;
                None
            }
        }
    }
}

struct Job {
    total: usize,
    chunk: usize,
    /// First unclaimed unit; overshoots `total` by at most one chunk per thread.
    next: AtomicUsize,
    /// Units finished (or drained after a failure).
    done: AtomicUsize,
    failed: AtomicBool,
    launcher: Thread,
    /// The launcher's [`Work`], on its stack. Valid while any claimed unit is unfinished: only a
    /// thread holding a claimed, uncounted chunk dereferences it, and [`Pool::run`] does not
    /// return before every unit is counted.
    work: *const (dyn Work + 'static),
}

// SAFETY: `work` points at a `Sync` value that is only shared (see above); the other fields are
// `Send + Sync` themselves.
unsafe impl Send for Job {}
// SAFETY: as for `Send`.
unsafe impl Sync for Job {}

impl Job {
    fn has_work(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.total
    }

    fn claim(&self) -> Option<Range<usize>> {
        let start = self.next.fetch_add(self.chunk, Ordering::Relaxed);
        (start < self.total).then(|| start..self.total.min(start + self.chunk))
    }

    /// Counts `units` finished; the release publishes the kernel's writes to the launcher.
    fn finish(&self, units: usize) {
        if self.done.fetch_add(units, Ordering::AcqRel) + units == self.total {
            self.launcher.unpark();
        }
    }

    /// Claims everything unclaimed and counts it finished without running it.
    fn drain(&self) {
        let start = self.next.swap(self.total, Ordering::Relaxed);
        if start < self.total {
            self.finish(self.total - start);
        }
    }

    /// Called by the launcher: returns when every unit is finished. The acquire pairs with the
    /// releases in [`Job::finish`].
    fn wait(&self) {
        let complete = || self.done.load(Ordering::Acquire) == self.total;
        if spin_until(IDLE_SPIN, complete) {
            return;
        }
        while !complete() {
            thread::park();
        }
    }
}

/// Takes part in `job` until no chunk is left (see the module doc for the counting rules).
fn participate(job: &Job) {
    let Some(first) = job.claim() else {
        return;
    };
    crate::stack_guard::guard_current_thread();
    let mut chunks = Chunks {
        job,
        current: first,
        delivered: false,
        exhausted: false,
    };
    // SAFETY: `first` is claimed and not yet counted, so the work is alive (see `Job::work`);
    // `chunks` keeps one chunk uncounted until `run` has returned.
    let work = unsafe { &*job.work };
    let outcome = catch_unwind(AssertUnwindSafe(|| work.run(&mut chunks)));
    let completed = outcome.is_ok() && chunks.delivered && chunks.exhausted;
    // The failure must be recorded before the finish that may complete the job: the release in
    // `finish` is what makes it visible to the launcher.
    if !completed {
        job.failed.store(true, Ordering::Relaxed);
    }
    job.finish(chunks.current.len());
    if !completed {
        job.drain();
    }
}

struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Bumped (under the lock) by every publish; idle workers spin on it.
    generation: AtomicU64,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Arc<Job>>,
    /// Workers blocked on the condition variable.
    sleepers: usize,
    shutdown: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn publish(&self, job: &Arc<Job>, helpers: usize) {
        let sleepers = {
            let mut queue = self.lock();
            queue.jobs.push_back(Arc::clone(job));
            self.generation.fetch_add(1, Ordering::Relaxed);
            queue.sleepers
        };
        for _ in 0..helpers.min(sleepers) {
            self.wake.notify_one();
        }
    }

    fn withdraw(&self, job: &Arc<Job>) {
        self.lock().jobs.retain(|queued| !Arc::ptr_eq(queued, job));
    }

    /// The oldest job with unclaimed units, waiting for one if necessary; `None` at shutdown.
    fn next_job(&self) -> Option<Arc<Job>> {
        let mut queue = self.lock();
        loop {
            if queue.shutdown {
                return None;
            }
            if let Some(job) = queue.jobs.iter().find(|job| job.has_work()) {
                return Some(Arc::clone(job));
            }
            let seen = self.generation.load(Ordering::Relaxed);
            drop(queue);
            spin_until(IDLE_SPIN, || {
                self.generation.load(Ordering::Relaxed) != seen
            });
            queue = self.lock();
            // Publishing happens under the lock, so this check cannot miss a job published
            // between the spin and the wait.
            if self.generation.load(Ordering::Relaxed) == seen && !queue.shutdown {
                queue.sleepers += 1;
                queue = self
                    .wake
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
                queue.sleepers -= 1;
            }
        }
    }
}

fn worker_main(shared: &Shared) {
    while let Some(job) = shared.next_job() {
        // The job was allocated by its launcher; this thread may free it (crate::tsan_hooks).
        tsan_hooks::acquire(Arc::as_ptr(&job));
        participate(&job);
    }
}

/// Spins until `done()` holds or `limit` has passed; returns whether `done()` held.
pub(crate) fn spin_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    // Often already true: then the clock is not read at all.
    if done() {
        return true;
    }
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if done() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= limit {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU8;

    /// Counts how often each unit runs; optionally panics on one unit or stops early.
    struct Counting {
        runs: Vec<AtomicU8>,
        panic_at: Option<usize>,
        stop_early: bool,
    }

    impl Counting {
        fn new(total: usize) -> Counting {
            Counting {
                runs: (0..total).map(|_| AtomicU8::new(0)).collect(),
                panic_at: None,
                stop_early: false,
            }
        }
    }

    impl Work for Counting {
        fn run(&self, chunks: &mut Chunks<'_>) {
            for range in chunks {
                for unit in range {
                    assert_ne!(Some(unit), self.panic_at, "injected failure");
                    self.runs[unit].fetch_add(1, Ordering::Relaxed);
                }
                if self.stop_early {
                    return;
                }
            }
        }
    }

    #[test]
    fn every_unit_runs_exactly_once() {
        for threads in [1, 2, 4] {
            let pool = Pool::new(threads);
            for total in [0, 1, 2, 63, 64, 65, 1000, 100_003] {
                let work = Counting::new(total);
                pool.run(total, &work).unwrap();
                assert!(
                    work.runs.iter().all(|n| n.load(Ordering::Relaxed) == 1),
                    "{total} units on {threads} threads"
                );
            }
        }
    }

    #[test]
    fn a_panicking_work_fails_the_job_without_hanging() {
        for threads in [1, 2, 4] {
            let pool = Pool::new(threads);
            let mut work = Counting::new(10_000);
            work.panic_at = Some(5_000);
            assert_eq!(pool.run(10_000, &work), Err(JobFailed));
            // The pool still works afterwards.
            let work = Counting::new(777);
            pool.run(777, &work).unwrap();
        }
    }

    #[test]
    fn a_work_that_skips_chunks_fails_the_job() {
        let pool = Pool::new(2);
        let mut work = Counting::new(10_000);
        work.stop_early = true;
        assert_eq!(pool.run(10_000, &work), Err(JobFailed));
    }

    #[test]
    fn chunks_shrink_with_the_job_and_are_capped() {
        assert_eq!(chunk_size(1, 8), 1);
        assert_eq!(chunk_size(8 * CHUNKS_PER_THREAD * 3, 8), 3);
        assert_eq!(chunk_size(1 << 30, 2), MAX_CHUNK);
    }
}
