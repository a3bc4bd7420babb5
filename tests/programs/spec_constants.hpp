// Specialization constants shared by spec_constants.cpp and spec_constants_other.cpp: declared
// inline so that both translation units name the same constants.
#pragma once

#include <sycl/sycl.hpp>

struct Small { // 12 bytes: clang returns it in registers
  int count;
  float low, high;
};
struct Big { // 40 bytes: returned through memory (sret)
  double weights[4];
  int tag;
};

inline constexpr sycl::specialization_id<int> int_id(42);
inline constexpr sycl::specialization_id<double> scale_id(2.5);
inline constexpr sycl::specialization_id<bool> flag_id(true);
inline constexpr sycl::specialization_id<Small> small_id(Small{3, -1.0f, 1.0f});
inline constexpr sycl::specialization_id<Big> big_id(Big{{0.5, 1.5, 2.5, 3.5}, 9});

// Submits a kernel that reads scale_id only (defined in spec_constants_other.cpp).
void scale_in_other_unit(sycl::queue &q, double *out, size_t n, bool set, double scale);
