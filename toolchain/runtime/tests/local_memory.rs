//! Work-group local memory: every thread gets its own 64-byte-aligned block as `args[num_args]`,
//! reused for all the groups it runs and kept across launches; concurrently running groups never
//! share a block; the launch's own arguments reach the kernel unchanged.

mod common;

use std::collections::{HashMap, HashSet};
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread::ThreadId;

use common::{record, Recorder};
use nativecpu_runtime::arena;
use nativecpu_runtime::device::LOCAL_MEMORY_SIZE;
use nativecpu_runtime::launch::{self, LaunchDesc};
use nativecpu_runtime::pool::{self, Pool};
use nativecpu_runtime::state::NativeCpuState;

/// Extra arguments the probe launches pass after the probe itself: recognisable pointers that
/// must reach the kernel unchanged.
const EXTRA_ARGS: [usize; 2] = [0x1234_5678, 0xdead_beef];

/// What a launch with local memory is expected to do, and what it did.
struct Probe<'a> {
    size: usize,
    /// The whole argument array the launch passes (the probe first).
    args: Mutex<Vec<*mut c_void>>,
    /// Coverage and state checks, shared with `common::record`.
    recorder: Recorder,
    /// Blocks that a group is using right now.
    in_use: Mutex<HashSet<usize>>,
    /// The block each thread used.
    blocks: Mutex<HashMap<ThreadId, usize>>,
    groups: AtomicUsize,
    violations: Mutex<Vec<String>>,
    /// An inner launch to issue from every group (with its own probe), if any.
    nested: Option<&'a (dyn Fn() + Sync)>,
}

// SAFETY: the raw pointers in `args` are only compared, never dereferenced.
unsafe impl Sync for Probe<'_> {}

impl Probe<'_> {
    fn new(size: usize, global: [usize; 3], local: Option<[usize; 3]>) -> Self {
        Probe {
            size,
            args: Mutex::new(Vec::new()),
            recorder: Recorder::new(global, local, [0; 3]),
            in_use: Mutex::new(HashSet::new()),
            blocks: Mutex::new(HashMap::new()),
            groups: AtomicUsize::new(0),
            violations: Mutex::new(Vec::new()),
            nested: None,
        }
    }

    fn violation(&self, message: String) {
        let mut violations = self.violations.lock().unwrap();
        if violations.len() < 10 {
            violations.push(message);
        }
    }

    /// Launches `local_memory` on `pool` with `dims` dimensions, then checks everything.
    fn launch(&self, pool: &Pool, dims: u32) {
        let args: Vec<*mut c_void> = std::iter::once(self as *const Self as *mut c_void)
            .chain(EXTRA_ARGS.iter().map(|&a| a as *mut c_void))
            .collect();
        *self.args.lock().unwrap() = args.clone();
        let desc = LaunchDesc {
            dims,
            global_size: self.recorder.global,
            local_size: self.recorder.local.unwrap_or([0; 3]),
            global_offset: [0; 3],
            args: args.as_ptr(),
            num_args: args.len(),
            local_memory_size: self.size,
            local_argument_sizes: std::ptr::null(),
        };
        // SAFETY: the arguments are what `local_memory` expects (this probe, then plain values it
        // only compares), alive until the launch returns.
        unsafe { launch::run(pool, local_memory, &desc) }.unwrap();
        self.check(pool);
    }

    fn check(&self, pool: &Pool) {
        let violations = self.violations.lock().unwrap();
        assert!(violations.is_empty(), "{violations:#?}");
        self.recorder.assert_exactly_once();
        let blocks = self.blocks.lock().unwrap();
        assert!(!blocks.is_empty() || self.groups.load(Ordering::Relaxed) == 0);
        assert!(blocks.len() <= pool.threads());
        let distinct: HashSet<usize> = blocks.values().copied().collect();
        assert_eq!(
            distinct.len(),
            blocks.len(),
            "two threads of one launch shared a block: {blocks:?}"
        );
    }
}

/// Byte `i` of group number `group`'s pattern: groups less than 256 apart differ in every byte.
fn pattern(group: usize, i: usize) -> u8 {
    (group as u8).wrapping_add((i % 251) as u8)
}

/// The kernel: args = [probe, EXTRA_ARGS..., block]. Checks the array and the block, fills the
/// whole block with this group's pattern at the start, lets other threads run, checks the pattern
/// at the end, and records the group's work-items.
unsafe extern "C" fn local_memory(args: *const *mut c_void, state: *mut NativeCpuState) {
    // SAFETY: `Probe::launch` passes the probe as `args[0]`, alive during the launch.
    let probe = unsafe { &*(*args).cast::<Probe<'_>>() };
    let expected = probe.args.lock().unwrap().clone();
    let n = expected.len();
    // SAFETY: the runtime passes the launch's `n` arguments followed by the block pointer.
    let got = unsafe { std::slice::from_raw_parts(args, n + 1) };
    if got[..n] != expected[..] {
        probe.violation(format!("args[0..{n}] changed: {:?}", &got[..n]));
    }
    let block = got[n].cast::<u8>();
    if block.is_null() {
        probe.violation("args[num_args] is null".into());
        return;
    }
    if block as usize & 63 != 0 {
        probe.violation(format!("block {block:p} is not 64-byte aligned"));
    }
    let me = std::thread::current().id();
    let previous = *probe
        .blocks
        .lock()
        .unwrap()
        .entry(me)
        .or_insert(block as usize);
    if previous != block as usize {
        probe.violation(format!(
            "a thread got block {block:p} after {previous:#x} within one launch"
        ));
    }
    if !probe.in_use.lock().unwrap().insert(block as usize) {
        probe.violation(format!("block {block:p} is used by two groups at once"));
    }
    let group = probe.groups.fetch_add(1, Ordering::Relaxed);
    // SAFETY: the block is `probe.size` bytes (the launch's `local_memory_size`), this
    // thread's alone while the group runs.
    let bytes = unsafe { std::slice::from_raw_parts_mut(block, probe.size) };
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = pattern(group, i);
    }
    // Give other threads a chance to run their groups meanwhile.
    for _ in 0..3 {
        std::thread::yield_now();
    }
    if let Some(nested) = probe.nested {
        // A failed check must not unwind out of this `extern "C"` function (that aborts).
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(nested));
        if let Err(panic) = outcome {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "(no message)".into());
            probe.violation(format!("the nested launch failed: {message}"));
        }
    }
    let recorder_args = [&probe.recorder as *const Recorder as *mut c_void];
    // SAFETY: `record` gets the recorder it expects and the runtime's state for this group.
    unsafe { record(recorder_args.as_ptr(), state) };
    // SAFETY: as above: the block is `probe.size` bytes, still this thread's; the mutable
    // slice made from it is no longer used.
    let bytes = unsafe { std::slice::from_raw_parts(block, probe.size) };
    if let Some(i) = (0..probe.size).find(|&i| bytes[i] != pattern(group, i)) {
        probe.violation(format!(
            "group {group}: byte {i} of its block was overwritten during the group"
        ));
    }
    probe.in_use.lock().unwrap().remove(&(block as usize));
}

/// The shapes used with every pool: (dims, global, nd_range local or None).
const SHAPES: [(u32, [usize; 3], Option<[usize; 3]>); 5] = [
    (1, [1000, 1, 1], None),
    (2, [37, 29, 1], None),
    (3, [5, 6, 7], None),
    (1, [240, 1, 1], Some([8, 1, 1])),
    (2, [24, 18, 1], Some([4, 3, 1])),
];

fn check_pool(threads: usize) {
    let pool = Pool::new(threads);
    // Every thread's block and the largest size it served so far, across all launches of this
    // pool: a thread must keep its block as long as no launch needs a larger one.
    let mut kept: HashMap<ThreadId, (usize, usize)> = HashMap::new();
    for size in [
        1,
        64,
        1000,
        4096,
        4097,
        100_000,
        LOCAL_MEMORY_SIZE,
        64,
        100_000,
    ] {
        for (dims, global, local) in SHAPES {
            let probe = Probe::new(size, global, local);
            probe.launch(&pool, dims);
            for (&thread, &block) in probe.blocks.lock().unwrap().iter() {
                let largest = match kept.get(&thread) {
                    Some(&(previous, largest)) if size <= largest => {
                        assert_eq!(
                            previous, block,
                            "{threads} threads, {size} bytes: a thread's block was not kept"
                        );
                        largest
                    }
                    _ => size,
                };
                kept.insert(thread, (block, largest));
            }
            // The launching thread keeps its block, large enough for the launch.
            if probe
                .blocks
                .lock()
                .unwrap()
                .contains_key(&std::thread::current().id())
            {
                assert!(arena::thread_block_capacity() >= size);
            }
        }
    }
}

#[test]
fn one_thread_gets_its_own_block() {
    check_pool(1);
}

#[test]
fn two_threads_get_their_own_blocks() {
    check_pool(2);
}

#[test]
fn four_threads_get_their_own_blocks() {
    check_pool(4);
}

#[test]
fn the_global_pool_gives_every_thread_its_own_block() {
    for (dims, global, local) in SHAPES {
        Probe::new(3000, global, local).launch(pool::global(), dims);
    }
}

#[test]
fn a_launch_inside_a_group_does_not_touch_the_groups_block() {
    // Each outer group (on a pool of two) fills its block, launches a whole kernel with local
    // memory on the global pool — in which its own thread takes part — and then checks its
    // block. The inner launches check their own blocks the same way.
    // The inner launches need less memory than the outer one: a thread's kept block would do.
    let inner = || Probe::new(5000, [300, 1, 1], None).launch(pool::global(), 1);
    let mut outer = Probe::new(7000, [16, 1, 1], Some([1, 1, 1]));
    outer.nested = Some(&inner);
    outer.launch(&Pool::new(2), 1);
    // Same on a single thread, where the inner launch runs entirely on the outer group's thread,
    // this time needing a larger block than the outer one.
    let single = Pool::new(1);
    let inner = || Probe::new(9000, [50, 1, 1], None).launch(&single, 1);
    let mut outer = Probe::new(5000, [4, 1, 1], None);
    outer.nested = Some(&inner);
    outer.launch(&single, 1);
    assert!(
        arena::thread_block_capacity() >= 9000,
        "the larger block is kept"
    );
}

/// The kernel of `without_arguments`: its only argument is the block.
static ZERO_ARG_BLOCKS: Mutex<Vec<usize>> = Mutex::new(Vec::new());

unsafe extern "C" fn block_only(args: *const *mut c_void, _state: *mut NativeCpuState) {
    // SAFETY: with no arguments, the array's one element is the block pointer.
    let block = unsafe { *args };
    // SAFETY: the block has the launch's 128 bytes of local memory, this thread's alone
    // while the group runs.
    unsafe { std::ptr::write_bytes(block.cast::<u8>(), 0x5A, 128) };
    ZERO_ARG_BLOCKS.lock().unwrap().push(block as usize);
}

#[test]
fn a_kernel_without_arguments_gets_the_block_as_args_0() {
    let desc = LaunchDesc {
        dims: 1,
        global_size: [64, 1, 1],
        local_size: [4, 1, 1],
        global_offset: [0; 3],
        args: std::ptr::null(),
        num_args: 0,
        local_memory_size: 128,
        local_argument_sizes: std::ptr::null(),
    };
    // SAFETY: `block_only` takes no arguments; `args` may then be null.
    unsafe { launch::run(&Pool::new(2), block_only, &desc) }.unwrap();
    let blocks = ZERO_ARG_BLOCKS.lock().unwrap();
    assert_eq!(blocks.len(), 16);
    assert!(blocks.iter().all(|&b| b != 0 && b % 64 == 0), "{blocks:x?}");
}

/// The kernel of `without_local_memory_the_array_is_passed_as_given`: records the array pointer.
unsafe extern "C" fn array_pointer(args: *const *mut c_void, _state: *mut NativeCpuState) {
    // SAFETY: every launch of `array_pointer` passes a `Mutex<HashSet<usize>>` as `args[0]`,
    // alive during the launch.
    let seen = unsafe { &*(*args).cast::<Mutex<HashSet<usize>>>() };
    seen.lock().unwrap().insert(args as usize);
}

#[test]
fn without_local_memory_the_array_is_passed_as_given() {
    let seen: Mutex<HashSet<usize>> = Mutex::new(HashSet::new());
    let args = [&seen as *const Mutex<HashSet<usize>> as *mut c_void];
    let desc = LaunchDesc {
        dims: 1,
        global_size: [100_000, 1, 1],
        local_size: [0; 3],
        global_offset: [0; 3],
        args: args.as_ptr(),
        num_args: 1,
        local_memory_size: 0,
        local_argument_sizes: std::ptr::null(),
    };
    // SAFETY: the one argument is the set `array_pointer` expects, alive until the launch
    // returns.
    unsafe { launch::run(&Pool::new(4), array_pointer, &desc) }.unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [args.as_ptr() as usize].into_iter().collect()
    );
}

/// What `local_arguments` saw: per thread, its blocks for arguments 1 and 3 and for
/// `local_memory_size`.
#[derive(Default)]
struct LocalArgs {
    blocks: Mutex<HashMap<ThreadId, [usize; 3]>>,
    in_use: Mutex<HashSet<usize>>,
    groups: AtomicUsize,
    violations: Mutex<Vec<String>>,
}

impl LocalArgs {
    fn violation(&self, message: String) {
        self.violations.lock().unwrap().push(message);
    }
}

/// The sizes of `local_arguments`' launches: args = [probe, local 300 bytes, &SCALAR,
/// local 1000 bytes], plus 100 bytes of `local_memory_size` as args[4].
const LOCAL_ARG_SIZES: [usize; 4] = [0, 300, 0, 1000];
const LOCAL_ARG_EXTRA: usize = 100;
static SCALAR: u32 = 0x5eed;

unsafe extern "C" fn local_arguments(args: *const *mut c_void, _state: *mut NativeCpuState) {
    // SAFETY: `local_args_desc` passes the probe as `args[0]`, alive during the launch.
    let probe = unsafe { &*(*args).cast::<LocalArgs>() };
    // SAFETY: the launches have four arguments and `local_memory_size`, so the runtime
    // passes five pointers.
    let args = unsafe { std::slice::from_raw_parts(args, 5) };
    if args[2] != (&SCALAR as *const u32).cast_mut().cast()
        // SAFETY: checked above to be the address of `SCALAR`.
        || unsafe { *args[2].cast::<u32>() } != SCALAR
    {
        probe.violation(format!("args[2] changed: {:p}", args[2]));
    }
    let regions = [(args[1], 300), (args[3], 1000), (args[4], LOCAL_ARG_EXTRA)];
    let mine = regions.map(|(p, _)| p as usize);
    for (p, size) in regions {
        if p.is_null() || !(p as usize).is_multiple_of(64) {
            probe.violation(format!("block {p:p} is null or not 64-byte aligned"));
            return;
        }
        for (q, other) in regions {
            let (a, b) = (p as usize, q as usize);
            if a != b && a < b + other && b < a + size {
                probe.violation(format!("blocks {p:p} and {q:p} overlap"));
            }
        }
    }
    let me = std::thread::current().id();
    let previous = *probe.blocks.lock().unwrap().entry(me).or_insert(mine);
    if previous != mine {
        probe.violation(format!(
            "a thread's blocks changed within a launch: {mine:x?}"
        ));
    }
    for block in mine {
        if !probe.in_use.lock().unwrap().insert(block) {
            probe.violation(format!("block {block:#x} is used by two groups at once"));
        }
    }
    let group = probe.groups.fetch_add(1, Ordering::Relaxed);
    for (p, size) in regions {
        // SAFETY: each region is at least `size` bytes (the launch's sizes are these or
        // larger), checked non-null above, and this thread's alone while the group runs.
        unsafe { std::slice::from_raw_parts_mut(p.cast::<u8>(), size) }
            .iter_mut()
            .enumerate()
            .for_each(|(i, b)| *b = pattern(group, i));
    }
    std::thread::yield_now();
    for (p, size) in regions {
        // SAFETY: as above; the mutable slices are no longer used.
        let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), size) };
        if (0..size).any(|i| bytes[i] != pattern(group, i)) {
            probe.violation(format!("group {group}: block {p:p} was overwritten"));
        }
    }
    for block in mine {
        probe.in_use.lock().unwrap().remove(&block);
    }
}

fn local_args_desc(
    probe: &LocalArgs,
    args: &mut [*mut c_void; 4],
    sizes: &[usize; 4],
    extra: usize,
) -> LaunchDesc {
    args[0] = (probe as *const LocalArgs).cast_mut().cast();
    // The launch's own args[1] and args[3] are not read for local arguments.
    args[1] = std::ptr::null_mut();
    args[2] = (&SCALAR as *const u32).cast_mut().cast();
    args[3] = 0x40usize as *mut c_void;
    LaunchDesc {
        dims: 1,
        global_size: [4096, 1, 1],
        local_size: [16, 1, 1],
        global_offset: [0; 3],
        args: args.as_ptr(),
        num_args: 4,
        local_memory_size: extra,
        local_argument_sizes: sizes.as_ptr(),
    }
}

#[test]
fn local_arguments_get_their_own_block_per_thread() {
    for threads in [1, 2, 4] {
        let pool = Pool::new(threads);
        let mut kept: Option<HashMap<ThreadId, [usize; 3]>> = None;
        for _ in 0..2 {
            let probe = LocalArgs::default();
            let mut args = [std::ptr::null_mut(); 4];
            let desc = local_args_desc(&probe, &mut args, &LOCAL_ARG_SIZES, LOCAL_ARG_EXTRA);
            // SAFETY: the arguments are what `local_arguments` expects (`local_args_desc`), alive
            // until the launch returns.
            unsafe { launch::run(&pool, local_arguments, &desc) }.unwrap();
            let violations = probe.violations.lock().unwrap();
            assert!(violations.is_empty(), "{threads} threads: {violations:#?}");
            assert_eq!(probe.groups.load(Ordering::Relaxed), 4096 / 16);
            let blocks = probe.blocks.lock().unwrap().clone();
            let all: Vec<usize> = blocks.values().flatten().copied().collect();
            let distinct: HashSet<usize> = all.iter().copied().collect();
            assert_eq!(
                all.len(),
                distinct.len(),
                "threads shared a block: {blocks:x?}"
            );
            // Kept per thread across launches of the same layout.
            if let Some(kept) = &kept {
                for (thread, mine) in &blocks {
                    if let Some(before) = kept.get(thread) {
                        assert_eq!(before, mine, "a thread's blocks were not kept");
                    }
                }
            }
            kept = Some(blocks);
        }
        // The caller's array is untouched.
        let probe = LocalArgs::default();
        let mut args = [std::ptr::null_mut(); 4];
        let desc = local_args_desc(&probe, &mut args, &LOCAL_ARG_SIZES, LOCAL_ARG_EXTRA);
        // SAFETY: as above.
        unsafe { launch::run(&pool, local_arguments, &desc) }.unwrap();
        assert_eq!(args[1], std::ptr::null_mut());
        assert_eq!(args[3], 0x40usize as *mut c_void);
    }
}

/// The kernel of `local_arguments_without_local_memory_size`: args = [seen, local 64 bytes];
/// records the block, there is no args[2].
unsafe extern "C" fn one_local_argument(args: *const *mut c_void, _state: *mut NativeCpuState) {
    // SAFETY: the launch passes the set as `args[0]`, alive during the launch.
    let seen = unsafe { &*(*args).cast::<Mutex<HashSet<usize>>>() };
    // SAFETY: the second argument is a local one, so the runtime passes its block there.
    let block = unsafe { *args.add(1) };
    // SAFETY: that block is the argument's 64 bytes, this thread's alone while the group
    // runs.
    unsafe { std::ptr::write_bytes(block.cast::<u8>(), 0xC3, 64) };
    seen.lock().unwrap().insert(block as usize);
}

#[test]
fn local_arguments_without_local_memory_size() {
    let seen: Mutex<HashSet<usize>> = Mutex::new(HashSet::new());
    let args = [
        (&seen as *const Mutex<HashSet<usize>>).cast_mut().cast(),
        std::ptr::null_mut(),
    ];
    let sizes = [0usize, 64];
    let desc = LaunchDesc {
        dims: 1,
        global_size: [100_000, 1, 1],
        local_size: [0; 3],
        global_offset: [0; 3],
        args: args.as_ptr(),
        num_args: 2,
        local_memory_size: 0,
        local_argument_sizes: sizes.as_ptr(),
    };
    let pool = Pool::new(3);
    // SAFETY: the arguments are what `one_local_argument` expects, alive until the launch
    // returns.
    unsafe { launch::run(&pool, one_local_argument, &desc) }.unwrap();
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty() && seen.len() <= 3, "{seen:x?}");
    assert!(seen.iter().all(|&b| b != 0 && b % 64 == 0), "{seen:x?}");
    // All zero sizes: the array is passed as given (array_pointer records it).
    let seen: Mutex<HashSet<usize>> = Mutex::new(HashSet::new());
    let args = [(&seen as *const Mutex<HashSet<usize>>).cast_mut().cast()];
    let zero = [0usize];
    let desc = LaunchDesc {
        args: args.as_ptr(),
        num_args: 1,
        local_argument_sizes: zero.as_ptr(),
        ..desc
    };
    // SAFETY: the one argument is the set `array_pointer` expects, alive until the launch
    // returns.
    unsafe { launch::run(&pool, array_pointer, &desc) }.unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [args.as_ptr() as usize].into_iter().collect()
    );
}

#[test]
fn local_arguments_count_in_the_local_memory_limit() {
    let probe = LocalArgs::default();
    let mut args = [std::ptr::null_mut(); 4];
    let pool = Pool::new(2);
    // Exactly the device's local memory: accepted.
    let sizes = [0, LOCAL_MEMORY_SIZE / 2, 0, LOCAL_MEMORY_SIZE / 4];
    let desc = local_args_desc(&probe, &mut args, &sizes, LOCAL_MEMORY_SIZE / 4);
    // (local_arguments expects 300 and 1000 bytes at least; larger blocks are fine for it.)
    // SAFETY: the arguments are what `local_arguments` expects, with regions at least as
    // large as it writes, alive until the launch returns.
    unsafe { launch::run(&pool, local_arguments, &desc) }.unwrap();
    // One byte more, in any of the three places: OutOfResources, and nothing runs.
    for (sizes, extra) in [
        (
            [0, LOCAL_MEMORY_SIZE / 2 + 1, 0, LOCAL_MEMORY_SIZE / 4],
            LOCAL_MEMORY_SIZE / 4,
        ),
        (
            [0, LOCAL_MEMORY_SIZE / 2, 0, LOCAL_MEMORY_SIZE / 4],
            LOCAL_MEMORY_SIZE / 4 + 1,
        ),
        ([0, usize::MAX, 0, 2], 0),
    ] {
        let probe = LocalArgs::default();
        let desc = local_args_desc(&probe, &mut args, &sizes, extra);
        // SAFETY: as above (the launch is refused before any call).
        let err = unsafe { launch::run(&pool, local_arguments, &desc) }.unwrap_err();
        assert_eq!(err.code(), launch::ResultCode::OutOfResources, "{err}");
        assert!(
            err.to_string().contains("bytes of work-group local memory"),
            "{err}"
        );
        assert_eq!(probe.groups.load(Ordering::Relaxed), 0);
    }
}
