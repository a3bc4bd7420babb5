//! Orderings the runtime declares to ThreadSanitizer (docs/runtime-ordering.md,
//! "ThreadSanitizer"; docs/sanitizers.md).
//!
//! The runtime is not instrumented, so ThreadSanitizer cannot see that a launch's arguments,
//! written by the launching thread, reach the pool's workers before they run the kernel, nor that
//! every group has finished when the launch returns. With kernels instrumented
//! (`-fsanitize=thread`), every kernel's first read of its arguments would be reported as a race.
//! Headers compiled with `-fsanitize=thread` register ThreadSanitizer's `__tsan_acquire` and
//! `__tsan_release` here before `main`; in any other program nothing is registered and the
//! functions below do nothing. The runtime cannot call ThreadSanitizer directly: its functions
//! exist only in programs linked with `-fsanitize=thread`.

use std::ffi::c_void;
use std::sync::OnceLock;

/// `__tsan_acquire` or `__tsan_release`.
pub type Hook = unsafe extern "C" fn(*mut c_void);

static HOOKS: OnceLock<(Hook, Hook)> = OnceLock::new();

/// Records ThreadSanitizer's annotations; the first registration wins.
pub fn register(acquire: Hook, release: Hook) {
    let _ = HOOKS.set((acquire, release));
}

/// What the calling thread did so far happens before whatever follows an [`acquire`] of `token`.
pub fn release<T>(token: *const T) {
    if let Some((_, release)) = HOOKS.get() {
        // SAFETY: ThreadSanitizer only records the address, never dereferences it.
        unsafe { release(token.cast_mut().cast()) };
    }
}

/// Everything before a [`release`] of `token` happens before what the calling thread does next.
pub fn acquire<T>(token: *const T) {
    if let Some((acquire, _)) = HOOKS.get() {
        // SAFETY: as for `release`.
        unsafe { acquire(token.cast_mut().cast()) };
    }
}
