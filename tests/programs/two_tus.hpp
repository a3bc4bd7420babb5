// Shared by two_tus_main.cpp and two_tus_kernels.cpp: a kernel both translation units
// instantiate, so each one's device code defines it (the link keeps one definition).
#pragma once
#include <sycl/sycl.hpp>

template <typename T> class ScaleBy;

template <typename T> void scale_by(sycl::queue &q, T *data, size_t n, T factor) {
  q.parallel_for<ScaleBy<T>>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= factor; }).wait();
}
