//! Library behind the `sycl-post-link` tool (work in progress).
