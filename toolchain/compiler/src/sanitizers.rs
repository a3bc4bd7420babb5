//! AddressSanitizer and ThreadSanitizer for device code (docs/sanitizers.md).
//!
//! clang instruments a function for these sanitizers when the front-end has given it the
//! `sanitize_address` or `sanitize_thread` attribute, with LLVM passes run after its optimisation
//! pipeline. The device front-end runs without them: instrumenting there would put checks,
//! shadow-memory globals and a module constructor in front of `sycl-post-link` and the Native CPU
//! pipeline (the vectorizer across work-items would see every check as divergent control flow).
//! The backend instruments instead, after the pipeline and LLVM's optimisation, so the checks
//! cover the final code: work-item loops, vector forms and the work-group local memory block.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::Module;

use crate::ir::walk;

/// A sanitizer whose instrumentation is an LLVM pass over the device module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sanitizer {
    /// `-fsanitize=address`.
    Address,
    /// `-fsanitize=thread`.
    Thread,
}

impl Sanitizer {
    /// Every sanitizer the backend instruments for.
    pub const ALL: [Sanitizer; 2] = [Sanitizer::Address, Sanitizer::Thread];

    /// The name `-fsanitize=` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Sanitizer::Address => "address",
            Sanitizer::Thread => "thread",
        }
    }

    /// The function attribute that lets the pass instrument a function, as clang sets it.
    fn attribute(self) -> &'static str {
        match self {
            Sanitizer::Address => "sanitize_address",
            Sanitizer::Thread => "sanitize_thread",
        }
    }

    /// The LLVM passes, as clang adds them after its optimisation pipeline (use-after-scope is
    /// clang's default for AddressSanitizer).
    pub fn passes(self) -> &'static str {
        match self {
            Sanitizer::Address => "asan<use-after-scope>",
            Sanitizer::Thread => "tsan-module,function(tsan)",
        }
    }
}

/// Marks every function defined in `module` for instrumentation by `sanitizers`' passes.
pub fn mark_functions(module: &Module<'_>, sanitizers: &[Sanitizer]) {
    let context = module.get_context();
    for sanitizer in sanitizers {
        let kind = Attribute::get_named_enum_kind_id(sanitizer.attribute());
        let attribute = context.create_enum_attribute(kind, 0);
        for function in module.get_functions().filter(|f| walk::is_definition(*f)) {
            function.add_attribute(AttributeLoc::Function, attribute);
        }
    }
}
