//! Asynchronous commands: the task graph behind SYCL's queues and events.
//!
//! A *task* is one command group's command (a kernel launch, a copy, a host task), given to the
//! runtime as a C callback. It runs once every task it depends on has completed, on one of the
//! runtime's *executor* threads, and completes when the callback returns. The headers derive the
//! dependencies (accessors, `depends_on`, in-order queues) and keep errors and results; the
//! runtime only orders, runs and times the callbacks.
//!
//! Executor threads are separate from the work-group pool: a task that launches a kernel blocks
//! its executor thread while the pool (which the launching thread joins) runs the groups, and a
//! host task may block on anything. So the executor grows by one thread whenever a task becomes
//! ready and no executor thread is idle, and idle threads wait for the next ready task; the
//! number of threads is the largest number of tasks that were ever ready or running at once.
//! An idle executor thread first spins for a moment, polling the ready queue, before it sleeps:
//! waking a sleeping thread is a futex call and, in a virtual machine, an interrupt to another
//! CPU, which made most of the cost of a short command submitted and waited for at once.
//!
//! A spinning executor thread leaves a newly ready task alone for [`HANDOFF_GRACE`]. Most
//! programs wait for a command right after submitting it (`q.submit(…).wait()`), and a waiter
//! runs a task that no executor thread has taken itself; a spinning executor thread otherwise
//! won that race for nearly every task (193,944 of 200,000 empty kernels), and each launch then
//! paid for handing the task to another core and its completion back. The grace is short next
//! to any kernel, so a program that does not wait only sees its command start that much later.
//!
//! A task may also be submitted *held*: it then waits, besides its dependencies, for one call of
//! [`Task::open`]. The SYCL headers make one for each host accessor, so that the commands
//! submitted while the accessor lives follow it (`docs/runtime-ordering.md`).
//!
//! Nothing waits for a queue's commands when the queue is destroyed (SYCL 2020 queues do not
//! block then), so a program may reach `exit` with commands still ready or running. The first
//! submission registers an `atexit` handler that waits until no task is ready or running,
//! before the program's static objects (constructed earlier, destroyed later) go away. Tasks that
//! cannot become ready (behind a host accessor that is never destroyed) are not waited for, and
//! the handler does not wait when `exit` is called from a task.
//!
//! Times are nanoseconds on one monotonic clock, from the first use of the task system: the
//! submission, the start (the callback is called) and the end (it returned), as SYCL's
//! `info::event_profiling` reports them.

use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, Once, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::pool::spin_until;
use crate::tsan_hooks;

/// The command a task runs: `run(data)`.
pub type TaskFn = unsafe extern "C" fn(data: *mut c_void);

/// Where a task is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for its dependencies, or for an executor thread.
    Submitted,
    /// An executor thread (or a waiting thread) is running it.
    Running,
    /// Its command has returned.
    Complete,
}

/// Nanosecond timestamps of a task; 0 where it has not got there yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Times {
    /// When the task was submitted.
    pub submit: u64,
    /// When its command started running.
    pub start: u64,
    /// When its command returned.
    pub end: u64,
}

struct State {
    status: Status,
    /// Dependencies not complete yet, plus one while the task is being submitted, plus one while
    /// it is held.
    pending: usize,
    /// Submitted held and not opened yet.
    held: bool,
    dependents: Vec<Arc<Task>>,
    times: Times,
    /// Threads asleep in [`Task::wait`]: completion wakes them only when there are any.
    sleepers: usize,
}

/// One command and its place in the graph.
pub struct Task {
    run: TaskFn,
    /// The callback's argument (a pointer, as an integer so that the task is `Send`).
    data: usize,
    state: Mutex<State>,
    completed: Condvar,
    /// `state.status == Complete`, readable without the lock: a waiter polls it while it spins,
    /// and taking the lock there would contend with the thread completing the task.
    complete: AtomicBool,
}

/// Tasks ready to run or running: what the program's exit waits for.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// How many tasks this thread is running (a task may wait for another, running it inline).
    static RUNNING_HERE: Cell<usize> = const { Cell::new(0) };
}

/// Counts `task` ready (its dependencies done, or it was opened): from now until it completes
/// the program's exit waits for it.
fn became_ready(task: Arc<Task>) -> Arc<Task> {
    ACTIVE.fetch_add(1, Ordering::AcqRel);
    task
}

/// How often the exit handler looks whether the last tasks have finished.
const EXIT_POLL: Duration = Duration::from_micros(200);

/// The `atexit` handler: returns once no task is ready or running, or at once when called from
/// a task (it would wait for itself).
extern "C" fn wait_for_tasks_at_exit() {
    if RUNNING_HERE.with(Cell::get) > 0 {
        return;
    }
    while ACTIVE.load(Ordering::Acquire) > 0 {
        std::thread::sleep(EXIT_POLL);
    }
}

/// Registers [`wait_for_tasks_at_exit`], once.
fn register_exit_handler() {
    static REGISTERED: Once = Once::new();
    REGISTERED.call_once(|| {
        // SAFETY: `atexit` takes any `extern "C" fn()`; the handler only reads atomics and a
        // thread-local and sleeps, which is sound while the process exits. If registration
        // fails the program only loses the wait at exit.
        unsafe { libc::atexit(wait_for_tasks_at_exit) };
    });
}

fn now() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let epoch = *EPOCH.get_or_init(Instant::now);
    // Starts at 1 so that 0 can mean "not yet".
    epoch.elapsed().as_nanos() as u64 + 1
}

impl Task {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where the task is now (it may move on as soon as this returns).
    pub fn status(&self) -> Status {
        // Complete is final: no lock needed to see it (queues ask on every submission).
        if self.complete.load(Ordering::Acquire) {
            return Status::Complete;
        }
        self.lock().status
    }

    /// The task's timestamps so far.
    pub fn times(&self) -> Times {
        self.lock().times
    }

    /// Blocks until the task has completed. A task that is ready but not yet taken by an
    /// executor thread runs on the waiting thread instead: that saves two thread hand-offs when a
    /// program submits a command and waits for it at once.
    pub fn wait(self: &Arc<Self>) {
        if self.status() == Status::Submitted && executor().take(self) {
            if let Some(next) = Arc::clone(self).execute() {
                executor().schedule(next);
            }
            return;
        }
        // Short commands finish within microseconds: spin briefly before sleeping, so that the
        // waiter does not pay for a futex sleep and wake-up.
        if spin_until(SPIN, || self.complete.load(Ordering::Acquire)) {
            return;
        }
        let mut state = self.lock();
        while state.status != Status::Complete {
            state.sleepers += 1;
            state = self
                .completed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.sleepers -= 1;
        }
    }

    /// Lets a task submitted held run once its dependencies have completed. Calls after the
    /// first, and calls on a task that was not held, do nothing.
    pub fn open(self: &Arc<Self>) {
        let ready = {
            let mut state = self.lock();
            if !state.held {
                return;
            }
            state.held = false;
            state.pending -= 1;
            state.pending == 0
        };
        if ready {
            executor().schedule(became_ready(Arc::clone(self)));
        }
    }

    /// One dependency (or the submission guard, or the hold) is done; whether none are left.
    fn release_pending(&self) -> bool {
        let mut state = self.lock();
        state.pending -= 1;
        state.pending == 0
    }

    /// Runs the task and completes it. Of the dependents that become ready, the first is
    /// returned for the calling thread to run next (a chain of commands, as an in-order queue
    /// makes, then stays on one thread with no hand-off); the others are scheduled.
    fn execute(self: Arc<Self>) -> Option<Arc<Task>> {
        // The task was allocated by its submitter; this thread may free it (crate::tsan_hooks).
        tsan_hooks::acquire(Arc::as_ptr(&self));
        {
            let mut state = self.lock();
            state.times.start = now();
            state.status = Status::Running;
        }
        RUNNING_HERE.with(|running| running.set(running.get() + 1));
        // SAFETY: the submitter promised `run(data)` may be called once, from any thread.
        unsafe { (self.run)(self.data as *mut c_void) };
        RUNNING_HERE.with(|running| running.set(running.get() - 1));
        let (dependents, sleepers) = {
            let mut state = self.lock();
            state.status = Status::Complete;
            self.complete.store(true, Ordering::Release);
            state.times.end = now();
            // The dependents' list grew on the threads that submitted them, and is freed here
            // (crate::tsan_hooks).
            tsan_hooks::acquire(&self.state);
            (std::mem::take(&mut state.dependents), state.sleepers)
        };
        if sleepers > 0 {
            self.completed.notify_all();
        }
        let mut next = None;
        for dependent in dependents {
            if dependent.release_pending() {
                match next {
                    None => next = Some(became_ready(dependent)),
                    Some(_) => executor().schedule(became_ready(dependent)),
                }
            }
        }
        // After the dependents are counted, so that the count does not touch zero between a
        // task and the tasks it made ready.
        ACTIVE.fetch_sub(1, Ordering::AcqRel);
        next
    }
}

/// Submits `run(data)` to run once every task of `dependencies` has completed and, if `held`,
/// [`Task::open`] has been called.
///
/// # Safety
/// `run(data)` must be safe to call exactly once, from another thread, at any time from now on.
pub unsafe fn submit(
    run: TaskFn,
    data: *mut c_void,
    dependencies: &[Arc<Task>],
    held: bool,
) -> Arc<Task> {
    let task = Arc::new(Task {
        run,
        data: data as usize,
        state: Mutex::new(State {
            status: Status::Submitted,
            pending: 1 + usize::from(held),
            held,
            dependents: Vec::new(),
            times: Times {
                submit: now(),
                ..Times::default()
            },
            sleepers: 0,
        }),
        completed: Condvar::new(),
        complete: AtomicBool::new(false),
    });
    for dependency in dependencies {
        let mut dependency_state = dependency.lock();
        if dependency_state.status != Status::Complete {
            task.lock().pending += 1;
            dependency_state.dependents.push(Arc::clone(&task));
            tsan_hooks::release(&dependency.state);
        }
    }
    tsan_hooks::release(Arc::as_ptr(&task));
    register_exit_handler();
    if task.release_pending() {
        executor().schedule(became_ready(Arc::clone(&task)));
    }
    task
}

/// How long a thread polls before it sleeps: a waiter for its task's completion, an idle
/// executor thread for a ready task.
const SPIN: Duration = Duration::from_micros(50);

/// How long a ready task is left for a thread that may be about to wait for it (the module's
/// documentation) before a spinning executor thread takes it.
const HANDOFF_GRACE: Duration = Duration::from_micros(4);

/// The threads that run ready tasks.
struct Executor {
    queue: Mutex<ExecutorQueue>,
    ready: Condvar,
    /// `queue.tasks.len()`, for spinning threads to poll without taking the lock.
    queued: AtomicUsize,
}

/// A task in the ready queue, with the [`now`] time at which it got there.
struct Ready {
    task: Arc<Task>,
    since: u64,
}

#[derive(Default)]
struct ExecutorQueue {
    tasks: VecDeque<Ready>,
    /// Idle threads polling the queue: they take a new task without being woken.
    spinning: usize,
    /// Idle threads asleep on `ready`.
    idle: usize,
}

fn executor() -> &'static Executor {
    static EXECUTOR: OnceLock<Executor> = OnceLock::new();
    EXECUTOR.get_or_init(|| Executor {
        queue: Mutex::new(ExecutorQueue::default()),
        ready: Condvar::new(),
        queued: AtomicUsize::new(0),
    })
}

impl Executor {
    fn schedule(&'static self, task: Arc<Task>) {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        queue.tasks.push_back(Ready { task, since: now() });
        self.queued.store(queue.tasks.len(), Ordering::Release);
        if queue.spinning >= queue.tasks.len() {
            return;
        }
        if queue.spinning + queue.idle >= queue.tasks.len() {
            self.ready.notify_one();
            return;
        }
        drop(queue);
        // Every thread is busy: one more, so that a blocked task cannot hold up a ready one.
        let spawned = std::thread::Builder::new()
            .name("nativecpu-executor".into())
            // It may run a launch's groups itself, so it gets a worker's stack.
            .stack_size(crate::pool::WORKER_STACK_SIZE)
            .spawn(move || self.work());
        if spawned.is_err() {
            // No new thread: the task waits for a busy one, which is slower but still correct
            // unless every busy task waits on it.
            self.ready.notify_one();
        }
    }

    /// Removes `task` from the ready queue, if it is there.
    fn take(&self, task: &Arc<Task>) -> bool {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        match queue.tasks.iter().position(|t| Arc::ptr_eq(&t.task, task)) {
            Some(index) => {
                queue.tasks.remove(index);
                self.queued.store(queue.tasks.len(), Ordering::Release);
                true
            }
            None => false,
        }
    }

    fn work(&self) {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(task) = queue.pop_settled() {
                self.queued.store(queue.tasks.len(), Ordering::Release);
                drop(queue);
                let mut next = Some(task);
                while let Some(task) = next {
                    next = task.execute();
                }
                queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            // `schedule` sees this thread as spinning until it has taken the lock again, and a
            // task pushed meanwhile is found above, so no task waits for a wake-up it missed.
            queue.spinning += 1;
            drop(queue);
            let found = self.spin_for_task();
            queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
            queue.spinning -= 1;
            if found || !queue.tasks.is_empty() {
                continue;
            }
            queue.idle += 1;
            queue = self
                .ready
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.idle -= 1;
        }
    }

    /// Polls for up to [`SPIN`], without the lock, for a task that stays queued for
    /// [`HANDOFF_GRACE`] (that no waiter takes first); whether one did. Taking the lock to look
    /// at every new task made the submitting thread wait for it.
    fn spin_for_task(&self) -> bool {
        let queued = || self.queued.load(Ordering::Acquire) != 0;
        let until = Instant::now() + SPIN;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if !spin_until(left, queued) {
                return false;
            }
            spin_until(HANDOFF_GRACE, || !queued());
            if queued() {
                return true;
            }
        }
    }
}

impl ExecutorQueue {
    /// The oldest task, if it has been ready for [`HANDOFF_GRACE`].
    fn pop_settled(&mut self) -> Option<Arc<Task>> {
        let since = self.tasks.front()?.since;
        if now() < since + HANDOFF_GRACE.as_nanos() as u64 {
            return None;
        }
        self.tasks.pop_front().map(|ready| ready.task)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Log {
        order: Mutex<Vec<usize>>,
        next: AtomicUsize,
    }

    struct Step {
        log: Arc<Log>,
        id: usize,
        sleep_ms: u64,
    }

    unsafe extern "C" fn record(data: *mut c_void) {
        // SAFETY: `data` is a boxed Step handed over by `submit_step`.
        let step = unsafe { Box::from_raw(data.cast::<Step>()) };
        std::thread::sleep(std::time::Duration::from_millis(step.sleep_ms));
        step.log.next.fetch_add(1, Ordering::SeqCst);
        step.log.order.lock().unwrap().push(step.id);
    }

    fn submit_step(log: &Arc<Log>, id: usize, sleep_ms: u64, deps: &[Arc<Task>]) -> Arc<Task> {
        let step = Box::new(Step {
            log: Arc::clone(log),
            id,
            sleep_ms,
        });
        // SAFETY: `record` takes ownership of the box exactly once.
        unsafe { submit(record, Box::into_raw(step).cast(), deps, false) }
    }

    fn new_log() -> Arc<Log> {
        Arc::new(Log {
            order: Mutex::new(Vec::new()),
            next: AtomicUsize::new(0),
        })
    }

    #[test]
    fn dependencies_run_first_even_when_slower() {
        let log = new_log();
        let slow = submit_step(&log, 1, 50, &[]);
        let after = submit_step(&log, 2, 0, &[Arc::clone(&slow)]);
        let joined = submit_step(&log, 3, 0, &[Arc::clone(&slow), Arc::clone(&after)]);
        joined.wait();
        after.wait();
        assert_eq!(*log.order.lock().unwrap(), [1, 2, 3]);
        for task in [&slow, &after, &joined] {
            assert_eq!(task.status(), Status::Complete);
        }
        let (a, b) = (slow.times(), after.times());
        assert!(a.submit <= a.start && a.start <= a.end, "{a:?}");
        assert!(b.start >= a.end, "{a:?} then {b:?}");
    }

    #[test]
    fn independent_tasks_run_concurrently() {
        // Two tasks that each wait for the other to have started cannot both finish unless they
        // run at the same time.
        let started = Arc::new(AtomicUsize::new(0));
        struct Meet(Arc<AtomicUsize>);
        unsafe extern "C" fn meet(data: *mut c_void) {
            // SAFETY: a boxed Meet from below.
            let meet = unsafe { Box::from_raw(data.cast::<Meet>()) };
            meet.0.fetch_add(1, Ordering::SeqCst);
            while meet.0.load(Ordering::SeqCst) < 2 {
                std::thread::yield_now();
            }
        }
        let tasks: Vec<_> = (0..2)
            .map(|_| {
                let data = Box::into_raw(Box::new(Meet(Arc::clone(&started))));
                // SAFETY: `meet` takes ownership of the box once.
                unsafe { submit(meet, data.cast(), &[], false) }
            })
            .collect();
        for task in &tasks {
            task.wait();
        }
        assert_eq!(started.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn tasks_queued_while_executors_spin_or_sleep_all_run() {
        // Gaps around the executor's spin window: a task pushed while a thread spins, while it
        // is about to sleep, and after it slept must each be run by an executor. Status is
        // polled rather than waited for, since `wait` would run a queued task itself and hide
        // a missed wake-up.
        let log = new_log();
        for round in 0..200u64 {
            let gap = SPIN * (round % 5) as u32 / 2;
            std::thread::sleep(gap);
            let task = submit_step(&log, round as usize, 0, &[]);
            let deadline = Instant::now() + Duration::from_secs(10);
            while task.status() != Status::Complete {
                assert!(
                    Instant::now() < deadline,
                    "task {round} (after a {gap:?} gap) was never run"
                );
                std::thread::yield_now();
            }
        }
        assert_eq!(log.order.lock().unwrap().len(), 200);
    }

    #[test]
    fn executors_leave_a_new_task_to_its_waiter_for_the_grace() {
        // A held task, run only once opened at the end: only its place in a private queue matters.
        let log = new_log();
        let held = submit_held_step(&log, 1);
        let mut queue = ExecutorQueue::default();
        // Ready from a moment that stays within the grace however slowly the test runs (under
        // Memcheck, microseconds pass between two statements).
        let grace = HANDOFF_GRACE.as_nanos() as u64;
        queue.tasks.push_back(Ready {
            task: Arc::clone(&held),
            since: now() + 1_000_000_000,
        });
        assert!(queue.pop_settled().is_none(), "taken within the grace");
        queue.tasks[0].since = now().saturating_sub(grace);
        let taken = queue.pop_settled().expect("left queued after the grace");
        assert!(Arc::ptr_eq(&taken, &held));
        assert!(queue.pop_settled().is_none());
        held.open();
        held.wait();
    }

    #[test]
    fn completed_dependencies_are_not_waited_for() {
        let log = new_log();
        let first = submit_step(&log, 1, 0, &[]);
        first.wait();
        let second = submit_step(&log, 2, 0, &[first]);
        second.wait();
        assert_eq!(*log.order.lock().unwrap(), [1, 2]);
    }

    #[test]
    fn a_held_task_and_its_dependents_wait_for_open() {
        let log = new_log();
        let gate = submit_held_step(&log, 1);
        let after = submit_step(&log, 2, 0, &[Arc::clone(&gate)]);
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(gate.status(), Status::Submitted);
        assert_eq!(after.status(), Status::Submitted);
        assert!(log.order.lock().unwrap().is_empty());
        gate.open();
        gate.open();
        after.wait();
        assert_eq!(*log.order.lock().unwrap(), [1, 2]);
    }

    fn submit_held_step(log: &Arc<Log>, id: usize) -> Arc<Task> {
        let step = Box::new(Step {
            log: Arc::clone(log),
            id,
            sleep_ms: 0,
        });
        // SAFETY: `record` takes ownership of the box exactly once.
        unsafe { submit(record, Box::into_raw(step).cast(), &[], true) }
    }
}
