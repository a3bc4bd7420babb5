//! Library behind the `offload-wrapper` tool (work in progress).
