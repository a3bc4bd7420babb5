//! Asynchronous launches: tasks of the runtime's task graph (the one SYCL queues submit to),
//! ordered by events, inside a scope that waits for all of them.
//!
//! A launch that has not finished still uses its buffers, so the buffers it borrows must outlive
//! it. As with `std::thread::scope`, the launches of a [`scope`] borrow for the lifetime `'env`
//! of the call's environment, and `scope` returns only when every launch has finished: the
//! buffers are free again afterwards, and nothing can make a launch outlive them.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex, PoisonError};

use crate::sys::{Failure, Launch, Task};
use crate::{Arguments, Error, Kernel, LaunchRange};

/// What one asynchronous launch reports, once it ran.
#[derive(Debug)]
struct Outcome {
    kernel: String,
    result: Mutex<Option<Result<(), Error>>>,
}

impl Outcome {
    fn get(&self) -> Result<(), Error> {
        self.result
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
            .unwrap_or_else(|| Err(Error::Lost(self.kernel.clone())))
    }
}

/// Where asynchronous launches are submitted; see [`scope`].
#[derive(Debug)]
pub struct Scope<'env> {
    launches: Mutex<Vec<(Arc<Task>, Arc<Outcome>)>>,
    _environment: PhantomData<&'env mut &'env ()>,
}

/// A submitted launch, for waiting and ordering later launches after it.
#[derive(Debug, Clone)]
pub struct Event<'scope> {
    task: Arc<Task>,
    outcome: Arc<Outcome>,
    _scope: PhantomData<&'scope ()>,
}

/// Where an event's launch is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for the launches it depends on, or for an executor thread.
    Submitted,
    /// Its work-groups are running.
    Running,
    /// Finished, successfully or not.
    Complete,
}

/// Runs `body` with a [`Scope`] to submit launches to, waits for all of them, and returns
/// `body`'s value, or the error of the first launch (in submission order) that failed.
pub fn scope<'env, T>(body: impl FnOnce(&Scope<'env>) -> T) -> Result<T, Error> {
    let scope = Scope {
        launches: Mutex::new(Vec::new()),
        _environment: PhantomData,
    };
    // Waits even if `body` panics: the launches borrow the caller's buffers.
    let guard = WaitOnDrop(&scope);
    let value = body(guard.0);
    drop(guard);
    let launches = scope
        .launches
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    for (_, outcome) in launches {
        outcome.get()?;
    }
    Ok(value)
}

struct WaitOnDrop<'a, 'env>(&'a Scope<'env>);

impl Drop for WaitOnDrop<'_, '_> {
    fn drop(&mut self) {
        let launches = self
            .0
            .launches
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for (task, _) in launches.iter() {
            task.wait();
        }
    }
}

impl<'env> Scope<'env> {
    /// Submits a launch of `kernel` over `range` that runs once the launches of `after` have
    /// finished (successfully or not), on the runtime's executor threads; the launch is checked
    /// first, so a bad range or a missing kernel is an error here.
    ///
    /// # Safety
    /// As for [`Kernel::launch`]; besides, launches that may run at the same time (not ordered
    /// by `after`) must not write the same elements.
    pub unsafe fn submit(
        &self,
        kernel: &Kernel,
        range: impl Into<LaunchRange>,
        arguments: Arguments<'env>,
        after: &[&Event<'_>],
    ) -> Result<Event<'_>, Error> {
        let range = range.into();
        kernel.check(range, &arguments)?;
        let outcome = Arc::new(Outcome {
            kernel: kernel.name().to_owned(),
            result: Mutex::new(None),
        });
        let done = {
            let outcome = Arc::clone(&outcome);
            let name = kernel.name().to_owned();
            move |result: Result<(), Failure>| {
                let result = result
                    .map_err(|failure| Error::from_runtime(&name, failure.code, failure.message));
                *outcome
                    .result
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(result);
            }
        };
        let launch = Launch {
            name: kernel.c_name().to_owned(),
            shape: range.shape,
            arguments: arguments.raw(),
            owner: arguments,
            done: Box::new(done),
        };
        let dependencies: Vec<&Task> = after.iter().map(|event| event.task.as_ref()).collect();
        // SAFETY: the arguments suit the kernel and concurrent launches do not write the same
        // elements (this function's contract); what the launch borrows lives for `'env`, and
        // `scope` waits for every submitted task before `'env` can end.
        let task = unsafe { Task::submit_launch(launch, &dependencies) }.ok_or_else(|| {
            Error::Runtime {
                name: kernel.name().to_owned(),
                message: "the runtime did not accept the task".into(),
            }
        })?;
        let task = Arc::new(task);
        self.launches
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((Arc::clone(&task), Arc::clone(&outcome)));
        Ok(Event {
            task,
            outcome,
            _scope: PhantomData,
        })
    }
}

impl Event<'_> {
    /// Blocks until the launch has finished; its result.
    pub fn wait(&self) -> Result<(), Error> {
        self.task.wait();
        self.outcome.get()
    }

    /// Where the launch is.
    pub fn status(&self) -> Status {
        match self.task.status() {
            0 => Status::Submitted,
            1 => Status::Running,
            _ => Status::Complete,
        }
    }

    /// The submit, start and end times of the launch in nanoseconds on one monotonic clock
    /// (0 for what has not happened yet), as SYCL's profiling reports them.
    pub fn times(&self) -> [u64; 3] {
        self.task.times()
    }
}
