//! Reporting a kernel that overflows its thread's stack (docs/kernel-features.md).
//!
//! Kernels may recurse and keep large private arrays on the stack. When one runs past the end of
//! its thread's stack it touches the guard page below it and gets `SIGSEGV`; without a handler
//! the program dies with a bare "Segmentation fault". Rust's own handler, which would say "stack
//! overflow", is only installed when `main` is Rust's, and here `main` is the C++ program's.
//!
//! So every thread that runs kernels (the pool's workers and each launching thread) first gets an
//! alternate signal stack, the only stack a handler can run on once the thread's own is used up,
//! and the process gets one `SIGSEGV`/`SIGBUS` handler. The handler checks whether the faulting
//! address lies in the guard area just below the current thread's stack. If so it writes one
//! line naming the thread and the stack size, then lets the signal kill the process as before.
//! Any other fault goes to the handler that was installed before ours (a sanitizer's, the
//! program's) or to the default action, unchanged.

use std::cell::Cell;
use std::sync::OnceLock;

/// How far below the stack's lowest address a fault still counts as an overflow: the guard page
/// plus a large frame that jumped over it.
const GUARD_REACH: usize = 1 << 20;

/// A page: a fault on the stack's own lowest page is an overflow too.
const PAGE: usize = 4096;

/// Size of each alternate signal stack: room for the handler, which calls only `write`.
const ALTERNATE_STACK_SIZE: usize = 64 << 10;

/// The previous handlers of `SIGSEGV` and `SIGBUS`, to pass other faults on to.
struct Previous {
    segv: libc::sigaction,
    bus: libc::sigaction,
}

// SAFETY: the saved `sigaction`s are plain data (a handler address, flags and a mask) that is
// written once, before the handler can run, and only read afterwards.
unsafe impl Send for Previous {}
// SAFETY: as above; nothing mutates them after `OnceLock` publishes them.
unsafe impl Sync for Previous {}

static PREVIOUS: OnceLock<Previous> = OnceLock::new();

thread_local! {
    /// The current thread's stack: its lowest address and its size; (0, 0) until guarded.
    static STACK: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// Prepares the calling thread to report a kernel's stack overflow: installs the process-wide
/// handler once and gives this thread an alternate signal stack. Cheap after the first call on
/// a thread.
pub fn guard_current_thread() {
    if STACK.with(|s| s.get().1) != 0 {
        return;
    }
    PREVIOUS.get_or_init(install_handler);
    let Some(bounds) = current_stack() else {
        return;
    };
    if give_alternate_stack() {
        STACK.with(|s| s.set(bounds));
    }
}

/// The lowest address and size of the calling thread's stack.
pub(crate) fn current_stack() -> Option<(usize, usize)> {
    let mut attributes = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
    let mut address: *mut libc::c_void = std::ptr::null_mut();
    let mut size: libc::size_t = 0;
    // SAFETY: pthread_getattr_np initialises `attributes` for the calling thread when it returns
    // 0, and only then are they read and destroyed.
    unsafe {
        if libc::pthread_getattr_np(libc::pthread_self(), attributes.as_mut_ptr()) != 0 {
            return None;
        }
        let got = libc::pthread_attr_getstack(attributes.as_ptr(), &mut address, &mut size);
        libc::pthread_attr_destroy(attributes.as_mut_ptr());
        (got == 0).then_some((address as usize, size))
    }
}

/// A thread's alternate signal stack. It is switched off and freed when the thread ends (for
/// the main thread, at `exit`), so that no signal can land on freed memory and leak checkers
/// see nothing left behind.
struct AlternateStack {
    /// Owned so that it lives as long as the thread; only the kernel reads it, through `ss_sp`.
    _memory: Box<[u8]>,
}

impl Drop for AlternateStack {
    fn drop(&mut self) {
        let off = libc::stack_t {
            ss_sp: std::ptr::null_mut(),
            ss_flags: libc::SS_DISABLE,
            ss_size: 0,
        };
        // SAFETY: disabling the calling thread's alternate stack only reads `off`; the memory
        // is freed after, when no handler can run on it any more.
        unsafe {
            libc::sigaltstack(&off, std::ptr::null_mut());
        }
    }
}

thread_local! {
    static ALTERNATE_STACK: std::cell::RefCell<Option<AlternateStack>> =
        const { std::cell::RefCell::new(None) };
}

/// Gives the calling thread an alternate signal stack, kept until the thread ends.
fn give_alternate_stack() -> bool {
    let mut memory = vec![0u8; ALTERNATE_STACK_SIZE].into_boxed_slice();
    let stack = libc::stack_t {
        ss_sp: memory.as_mut_ptr().cast(),
        ss_flags: 0,
        ss_size: ALTERNATE_STACK_SIZE,
    };
    // SAFETY: `stack` describes memory that the thread-local below keeps alive until the
    // thread's end, where its Drop switches the alternate stack off first.
    let installed = unsafe { libc::sigaltstack(&stack, std::ptr::null_mut()) == 0 };
    if installed {
        ALTERNATE_STACK.with(|slot| *slot.borrow_mut() = Some(AlternateStack { _memory: memory }));
    }
    installed
}

/// Installs `on_fault` for `SIGSEGV` and `SIGBUS`, returning the handlers it replaces.
fn install_handler() -> Previous {
    // SAFETY: a zeroed sigaction is a valid value to fill in; `on_fault` has the three-argument
    // signature SA_SIGINFO asks for; sigaction only reads `action` and writes `old`.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_fault as *const () as usize;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        let mut segv: libc::sigaction = std::mem::zeroed();
        let mut bus: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGSEGV, &action, &mut segv);
        libc::sigaction(libc::SIGBUS, &action, &mut bus);
        Previous { segv, bus }
    }
}

/// The signal handler. Only async-signal-safe calls: `write`, `sigaction`, `raise`.
extern "C" fn on_fault(
    signal: libc::c_int,
    info: *mut libc::siginfo_t,
    context: *mut libc::c_void,
) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let address = unsafe { (*info).si_addr() } as usize;
    let (low, size) = STACK.with(|s| s.get());
    let overflow = size != 0 && address < low + PAGE && address + GUARD_REACH >= low;
    if overflow {
        report_overflow(size);
    }
    pass_on(signal, info, context);
}

/// Writes the report line to standard error.
fn report_overflow(size: usize) {
    let mut line = [0u8; 160];
    let mut length = 0;
    let mut push = |bytes: &[u8]| {
        let n = bytes.len().min(line.len() - length);
        line[length..length + n].copy_from_slice(&bytes[..n]);
        length += n;
    };
    push(b"nativecpu: error: a kernel overflowed its thread's stack (");
    let mut digits = [0u8; 20];
    let mut mebibytes = (size + (1 << 19)) >> 20;
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (mebibytes % 10) as u8;
        mebibytes /= 10;
        if mebibytes == 0 {
            break;
        }
    }
    push(&digits[start..]);
    push(b" MiB): too deep a recursion or too large private arrays\n");
    // SAFETY: `line[..length]` is initialised memory; write is async-signal-safe.
    unsafe {
        libc::write(2, line.as_ptr().cast(), length);
    }
}

/// Hands the fault to the handler installed before ours, or restores the default action and
/// raises the signal again, so the process ends as it would have.
fn pass_on(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    let previous = PREVIOUS.get().map(|p| {
        if signal == libc::SIGBUS {
            p.bus
        } else {
            p.segv
        }
    });
    // SAFETY: a previous handler is called the way it was registered (SA_SIGINFO: three
    // arguments, otherwise one); restoring SIG_DFL and re-raising is what an unhandled fault does.
    unsafe {
        if let Some(previous) = previous {
            let handler = previous.sa_sigaction;
            if handler != libc::SIG_DFL && handler != libc::SIG_IGN {
                if previous.sa_flags & libc::SA_SIGINFO != 0 {
                    let call: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                        std::mem::transmute(handler);
                    call(signal, info, context);
                } else {
                    let call: extern "C" fn(libc::c_int) = std::mem::transmute(handler);
                    call(signal);
                }
                return;
            }
        }
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        libc::sigaction(signal, &default, std::ptr::null_mut());
        libc::raise(signal);
    }
}
