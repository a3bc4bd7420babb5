//! `offload-wrapper -batch` on a whole set of hand-off files: the input carries a `.table`, a
//! `.prop`, a `.sym` and the image's code (split by [`crate::PART_SEPARATOR`]), written as
//! `fuzz.table`, `image.prop`, `image.sym` and `image.ll` (the names the seeds' tables use), so
//! the files are read, validated and checked against the code the way a build reads them.

use crate::{assert_error_line, fresh_scratch, split_parts, write_file};

/// The files of one build, wrapped.
pub fn files(data: &[u8]) {
    let parts = split_parts(data, 4);
    fresh_scratch();
    for (name, bytes) in ["fuzz.table", "image.prop", "image.sym", "image.ll"]
        .iter()
        .zip(&parts)
    {
        write_file(name, bytes);
    }
    let command = offload_wrapper::Command::parse([
        "-o=wrapper.o",
        "-kind=sycl",
        "-target=native_cpu",
        "-batch",
        "fuzz.table",
    ]);
    let Ok(offload_wrapper::Command::Wrap(options)) = command else {
        panic!("the driver's offload-wrapper options do not parse: {command:?}");
    };
    if let Err(error) = offload_wrapper::run(&options) {
        assert_error_line("offload-wrapper", &error);
    }
}
