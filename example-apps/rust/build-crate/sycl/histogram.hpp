// Shared by the SYCL source and, through histogram_bins(), the Rust program.
#pragma once

// The number of bins; the Rust side asks for it rather than repeating it.
constexpr int HISTOGRAM_BINS = 16;
