//! Launches of a recording subhandler on pools of several sizes: every work-item of 1-D, 2-D and
//! 3-D ranges and nd_ranges is visited exactly once, with consistent states.

mod common;

use std::ffi::{c_void, CStr};
use std::sync::Arc;

use common::{record, Recorder};
use nativecpu_runtime::launch::{self, InvalidLaunch, LaunchDesc, RunError};
use nativecpu_runtime::pool::{self, Pool};
use nativecpu_runtime::state::NativeCpuState;

/// Runs one launch on `pool` and checks the recording.
fn check(
    pool: &Pool,
    dims: u32,
    global: [usize; 3],
    local: Option<[usize; 3]>,
    offset: [usize; 3],
) {
    let recorder = Recorder::new(global, local, offset);
    let args = recorder.args();
    let desc = recorder.desc(dims, &args);
    // SAFETY: the one argument is the recorder `record` expects, alive until the launch returns.
    unsafe { launch::run(pool, record, &desc) }
        .unwrap_or_else(|e| panic!("launch of {global:?} / {local:?} + {offset:?} failed: {e}"));
    recorder.assert_exactly_once();
    let threads = recorder.threads.lock().unwrap().len();
    assert!(
        threads <= pool.threads(),
        "{threads} threads ran groups on a pool of {}",
        pool.threads()
    );
}

/// The shapes every pool size is tested with: (dims, global, nd_range local or None).
fn cases() -> Vec<(u32, [usize; 3], Option<[usize; 3]>)> {
    vec![
        (1, [1, 1, 1], None),
        (1, [7, 1, 1], None),
        (1, [1_000_003, 1, 1], None),
        (1, [4096 * 3 + 4095, 1, 1], None),
        (2, [1023, 3, 1], None),
        (2, [3, 1023, 1], None),
        (3, [3, 5, 7], None),
        (3, [1, 1, 37], None),
        (3, [129, 17, 3], None),
        (1, [1, 1, 1], Some([1, 1, 1])),
        (1, [8192 * 3, 1, 1], Some([8192, 1, 1])),
        (1, [100_000, 1, 1], Some([1, 1, 1])),
        (2, [1023, 3, 1], Some([341, 1, 1])),
        (2, [64, 48, 1], Some([8, 16, 1])),
        (3, [3, 5, 7], Some([3, 5, 7])),
        (3, [12, 10, 14], Some([4, 5, 2])),
    ]
}

fn check_all_cases(pool: &Pool) {
    for (dims, global, local) in cases() {
        check(pool, dims, global, local, [0; 3]);
        let mut offset = [0; 3];
        offset[..dims as usize].copy_from_slice(&[5, 11, 2][..dims as usize]);
        check(pool, dims, global, local, offset);
    }
}

#[test]
fn one_thread_covers_every_item_exactly_once() {
    let pool = Pool::new(1);
    assert_eq!(pool.threads(), 1);
    check_all_cases(&pool);
}

#[test]
fn one_thread_runs_everything_on_the_launching_thread() {
    let pool = Pool::new(1);
    let recorder = Recorder::new([50_000, 1, 1], None, [0; 3]);
    let args = recorder.args();
    // SAFETY: the one argument is the recorder `record` expects, alive until the launch returns.
    unsafe { launch::run(&pool, record, &recorder.desc(1, &args)) }.unwrap();
    recorder.assert_exactly_once();
    let threads = recorder.threads.lock().unwrap();
    assert_eq!(
        *threads,
        [std::thread::current().id()].into_iter().collect()
    );
}

#[test]
fn two_threads_cover_every_item_exactly_once() {
    let pool = Pool::new(2);
    assert_eq!(pool.threads(), 2);
    check_all_cases(&pool);
}

#[test]
fn five_threads_cover_every_item_exactly_once() {
    // More threads than cores: exercises contention on the claim counter and sleeping workers.
    let pool = Pool::new(5);
    check_all_cases(&pool);
}

#[test]
fn the_global_pool_covers_every_item_exactly_once() {
    check_all_cases(pool::global());
}

#[test]
fn empty_ranges_launch_nothing() {
    let pool = Pool::new(2);
    for (global, local) in [
        ([0, 1, 1], None),
        ([8, 0, 1], None),
        ([0, 1, 1], Some([4, 1, 1])),
    ] {
        let recorder = Recorder::new(global, local, [0; 3]);
        let args = recorder.args();
        // SAFETY: the one argument is the recorder `record` expects, alive until the launch
        // returns.
        unsafe { launch::run(&pool, record, &recorder.desc(2, &args)) }.unwrap();
        assert_eq!(recorder.calls.load(std::sync::atomic::Ordering::Relaxed), 0);
    }
}

#[test]
fn invalid_nd_ranges_are_rejected_without_calls() {
    let pool = Pool::new(2);
    let recorder = Recorder::new([10, 6, 1], Some([4, 3, 1]), [0; 3]);
    let args = recorder.args();
    // SAFETY: the one argument is the recorder `record` expects (the launch is refused
    // before any call).
    let err = unsafe { launch::run(&pool, record, &recorder.desc(2, &args)) }.unwrap_err();
    assert_eq!(
        err,
        RunError::Invalid(InvalidLaunch::NotDivisible {
            axis: "x (SYCL dimension 1)".into(),
            global: 10,
            local: 4
        })
    );
    assert_eq!(recorder.calls.load(std::sync::atomic::Ordering::Relaxed), 0);
}

#[test]
fn concurrent_launches_from_four_host_threads() {
    let shared = Arc::new(Pool::new(3));
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                for round in 0..6 {
                    let n = 10_007 * (t + 1) + round;
                    check(&shared, 1, [n, 1, 1], None, [t, 0, 0]);
                    check(&shared, 2, [64, 48, 1], Some([8, 4, 1]), [1, 2, 0]);
                    check(pool::global(), 3, [n / 100, 7, 3], None, [0; 3]);
                    check(pool::global(), 1, [4096, 1, 1], Some([16, 1, 1]), [3, 0, 0]);
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
}

/// A kernel whose group `g` launches a whole range kernel recording into `recorders[g]`, on the
/// same (global) pool, from inside a work-group.
unsafe extern "C" fn nested(args: *const *mut c_void, state: *mut NativeCpuState) {
    // SAFETY: the launch below passes the recorders as the one argument, alive until it
    // returns.
    let recorders = unsafe { &*(*args).cast::<Vec<Recorder>>() };
    // SAFETY: the runtime passes a valid state for the group being run.
    let group = unsafe { (*state).work_group_id[0] };
    let inner = &recorders[group];
    let inner_args = inner.args();
    // SAFETY: the one argument is the recorder `record` expects, alive until the launch returns.
    unsafe { launch::run(pool::global(), record, &inner.desc(1, &inner_args)) }.unwrap();
}

#[test]
fn launches_from_inside_a_kernel_do_not_deadlock() {
    let recorders: Vec<Recorder> = (0..16)
        .map(|i| Recorder::new([5000 + 7 * i, 1, 1], None, [0; 3]))
        .collect();
    let args = [&recorders as *const Vec<Recorder> as *mut c_void];
    let desc = LaunchDesc {
        dims: 1,
        global_size: [recorders.len(), 1, 1],
        local_size: [1, 1, 1],
        global_offset: [0; 3],
        args: args.as_ptr(),
        num_args: 1,
        local_memory_size: 0,
        local_argument_sizes: std::ptr::null(),
    };
    // SAFETY: the one argument is the vector of recorders `nested` expects, with one recorder
    // per group, alive until the launch returns.
    unsafe { launch::run(pool::global(), nested, &desc) }.unwrap();
    for recorder in &recorders {
        recorder.assert_exactly_once();
    }
}

#[test]
fn thread_count_parsing() {
    use std::ffi::OsStr;
    let parse = |s: &str| pool::parse_thread_count(OsStr::new(s));
    assert_eq!(parse("1"), Some(1));
    assert_eq!(parse(" 2 "), Some(2));
    assert_eq!(parse("4096"), Some(4096));
    for bad in [
        "",
        "0",
        "-1",
        "two",
        "4097",
        "1.5",
        "99999999999999999999999",
    ] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
}

#[test]
fn ffi_launch_reports_unknown_kernels() {
    use nativecpu_runtime::ffi::{__nativecpu_last_error, __nativecpu_launch};
    let desc = LaunchDesc {
        dims: 1,
        global_size: [4, 1, 1],
        local_size: [0; 3],
        global_offset: [0; 3],
        args: std::ptr::null(),
        num_args: 0,
        local_memory_size: 0,
        local_argument_sizes: std::ptr::null(),
    };
    // SAFETY: the name is a C string and the description valid (no arguments).
    let rc = unsafe { __nativecpu_launch(c"no_such_kernel".as_ptr(), &desc) };
    assert_eq!(rc, 1, "NATIVECPU_ERROR_INVALID_KERNEL");
    // SAFETY: the runtime returns a valid C string, which lives until this thread's next
    // failing call (after its last use here).
    let message = unsafe { CStr::from_ptr(__nativecpu_last_error()) };
    assert_eq!(
        message.to_str().unwrap(),
        "kernel 'no_such_kernel' is not registered (was the program linked with its device code?)"
    );
    // The message is per thread.
    std::thread::spawn(|| {
        assert_eq!(
            // SAFETY: as above; this thread has had no failing call, so the string is "".
            unsafe { CStr::from_ptr(__nativecpu_last_error()) }.to_bytes(),
            b""
        );
    })
    .join()
    .unwrap();
    // Null pointers are NATIVECPU_ERROR_RUNTIME.
    // SAFETY: a null kernel name is allowed (the runtime reports it); the description is valid.
    assert_eq!(unsafe { __nativecpu_launch(std::ptr::null(), &desc) }, 4);
    assert_eq!(
        // SAFETY: as above: a valid C string, read before the next call.
        unsafe { CStr::from_ptr(__nativecpu_last_error()) }.to_bytes(),
        b"__nativecpu_launch called with a null kernel name"
    );
    assert_eq!(
        // SAFETY: the name is a C string; a null description is allowed (the runtime reports it).
        unsafe { __nativecpu_launch(c"k".as_ptr(), std::ptr::null()) },
        4
    );
}
