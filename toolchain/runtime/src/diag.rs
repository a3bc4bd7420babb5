//! Error reporting to C callers: the thread-local "last error" slot behind
//! `__nativecpu_last_error()`, and one-line warnings on stderr.
//!
//! Both must work before `main` (registration runs from priority-1 global constructors) and must
//! never panic: a write error on stderr is ignored rather than turned into a panic the way
//! `eprintln!` would.

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::io::Write;

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as the calling thread's last error.
pub fn set_last_error(message: &str) {
    // A C string cannot hold NUL; kernel names never contain one, so this only guards odd input.
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with` fails only while the thread is being torn down; the message is then unobservable.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = text);
}

/// The calling thread's last error as a C string. The pointer stays valid until the next failing
/// runtime call on the same thread.
pub fn last_error_ptr() -> *const c_char {
    LAST_ERROR
        .try_with(|slot| slot.borrow().as_ptr())
        .unwrap_or(c"".as_ptr())
}

/// Prints `nativecpu runtime: <message>` on stderr.
pub fn warn(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "nativecpu runtime: {message}");
}

/// Reports an error of a call that has no return value to carry it (registration): sets the last
/// error and prints it, since nobody may ever ask for it.
pub fn report(message: &str) {
    set_last_error(message);
    warn(message);
}

/// Runs `body`, turning a panic (a runtime bug) into a reported error and `fallback`: unwinding
/// into C is undefined behaviour, and the entry points run before `main` and from C++ threads.
pub fn catch_panic<T>(entry_point: &str, fallback: T, body: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or_else(|_| {
        report(&format!(
            "internal runtime error in {entry_point} (see the panic message above)"
        ));
        fallback
    })
}
