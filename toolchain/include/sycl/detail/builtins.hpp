// The device builtins the SYCL headers call from kernels. The Native CPU compiler lowers each of
// them (to the work-item state, its work-group loops, or the runtime's local memory); nothing
// defines them in C++. This file is the complete list: a header that needs another builtin adds
// it here.
//
// The SPIR-V ones keep the names and C++ signatures DPC++'s headers use on native_cpu (mangled
// as C++ functions, `extern "C++"` in the global namespace), so the device IR has DPC++'s shape.
// Dimensions are the device's: 0 is x, SYCL's last dimension.
//
// In the host compilation kernels are never run: the functions that would call a builtin call
// detail::device_only() instead, which throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "../exception.hpp"
#include "defines.hpp"

// Forces inlining, also at -O0. Used where the call site matters (each
// group_local_memory call must keep its own allocation builtin call) and for the thin wrappers
// around barriers and collectives, so that these sit in the user's function as DPC++'s headers
// (__SYCL_ALWAYS_INLINE) leave them.
#define NCPU_ALWAYS_INLINE inline __attribute__((always_inline))
// The same for a lambda (written after its parameter list).
#define NCPU_LAMBDA_ALWAYS_INLINE __attribute__((always_inline))

#ifdef __SYCL_DEVICE_ONLY__
extern "C++" {
// ---- Work-item queries (SPIR-V BuiltIn variables in DPC++'s function form) ----------------
std::size_t __spirv_BuiltInGlobalInvocationId(int dimension); // includes the global offset
std::size_t __spirv_BuiltInGlobalSize(int dimension);
std::size_t __spirv_BuiltInGlobalOffset(int dimension);
std::size_t __spirv_BuiltInLocalInvocationId(int dimension);
std::size_t __spirv_BuiltInWorkgroupId(int dimension);
std::size_t __spirv_BuiltInWorkgroupSize(int dimension);
std::size_t __spirv_BuiltInNumWorkgroups(int dimension);
// Sub-groups: the lanes of one vector of the vectorized kernel (docs/vectorizer.md,
// "Sub-groups"), or one work-item in a kernel that is not vectorized.
std::uint32_t __spirv_BuiltInSubgroupLocalInvocationId();
std::uint32_t __spirv_BuiltInSubgroupSize();
std::uint32_t __spirv_BuiltInSubgroupMaxSize();
std::uint32_t __spirv_BuiltInSubgroupId();
std::uint32_t __spirv_BuiltInNumSubgroups();

// ---- Barrier ----------------------------------------------------------------------------------
// execution scope 2 (Workgroup) = work-group barrier, 3 (Subgroup) = sub-group barrier;
// semantics: SequentiallyConsistent 0x10 | WorkgroupMemory 0x100 | CrossWorkgroupMemory 0x200.
void __spirv_ControlBarrier(unsigned execution_scope, unsigned memory_scope, unsigned semantics);

// ---- Work-group collectives ------------------------------------------------------------------
// T op(scope, GroupOperation, value): scope is 2 (Workgroup) or 3 (Subgroup); GroupOperation is
// Reduce 0, InclusiveScan 1 or ExclusiveScan 2. Every work-item of the group must make the same
// call.
#define NCPU_SPIRV_GROUP_OP(name, T) T name(unsigned scope, unsigned operation, T value);
#define NCPU_SPIRV_GROUP_OP_INTEGERS(name)                                                          \
  NCPU_SPIRV_GROUP_OP(name, std::int32_t)                                                           \
  NCPU_SPIRV_GROUP_OP(name, std::uint32_t)                                                          \
  NCPU_SPIRV_GROUP_OP(name, std::int64_t)                                                           \
  NCPU_SPIRV_GROUP_OP(name, std::uint64_t)
#define NCPU_SPIRV_GROUP_OP_FLOATS(name)                                                            \
  NCPU_SPIRV_GROUP_OP(name, float)                                                                  \
  NCPU_SPIRV_GROUP_OP(name, double)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupIAdd)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupIMulKHR)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupSMin)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupUMin)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupSMax)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupUMax)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupBitwiseAndKHR)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupBitwiseOrKHR)
NCPU_SPIRV_GROUP_OP_INTEGERS(__spirv_GroupBitwiseXorKHR)
NCPU_SPIRV_GROUP_OP_FLOATS(__spirv_GroupFAdd)
NCPU_SPIRV_GROUP_OP_FLOATS(__spirv_GroupFMulKHR)
NCPU_SPIRV_GROUP_OP_FLOATS(__spirv_GroupFMin)
NCPU_SPIRV_GROUP_OP_FLOATS(__spirv_GroupFMax)
NCPU_SPIRV_GROUP_OP(__spirv_GroupLogicalAndKHR, bool)
NCPU_SPIRV_GROUP_OP(__spirv_GroupLogicalOrKHR, bool)
#undef NCPU_SPIRV_GROUP_OP_FLOATS
#undef NCPU_SPIRV_GROUP_OP_INTEGERS
#undef NCPU_SPIRV_GROUP_OP

bool __spirv_GroupAny(unsigned scope, bool predicate);
bool __spirv_GroupAll(unsigned scope, bool predicate);

// The value of the work-item whose LINEAR local id is `local_linear_id`. A deliberate deviation
// from SPIR-V (and DPC++), whose OpGroupBroadcast takes the local id per dimension (a scalar, a
// 2- or a 3-vector): one size_t covers every group shape, and the headers linearise ids
// (row-major, SYCL order) before the call.
#define NCPU_SPIRV_BROADCAST(T) T __spirv_GroupBroadcast(unsigned scope, T value, std::size_t local_linear_id);
NCPU_SPIRV_BROADCAST(std::int32_t)
NCPU_SPIRV_BROADCAST(std::uint32_t)
NCPU_SPIRV_BROADCAST(std::int64_t)
NCPU_SPIRV_BROADCAST(std::uint64_t)
NCPU_SPIRV_BROADCAST(float)
NCPU_SPIRV_BROADCAST(double)
#undef NCPU_SPIRV_BROADCAST

// The value of the work-item of the caller's sub-group whose sub-group local id is `index`
// (each work-item may ask for a different one).
#define NCPU_SPIRV_SHUFFLE(T) T __spirv_SubgroupShuffleINTEL(T value, std::uint32_t index);
NCPU_SPIRV_SHUFFLE(std::int32_t)
NCPU_SPIRV_SHUFFLE(std::uint32_t)
NCPU_SPIRV_SHUFFLE(std::int64_t)
NCPU_SPIRV_SHUFFLE(std::uint64_t)
NCPU_SPIRV_SHUFFLE(float)
NCPU_SPIRV_SHUFFLE(double)
#undef NCPU_SPIRV_SHUFFLE

// ---- Specialization constants (DPC++'s markers, lowered by the spec-constants pass) ---------
// `id` is the constant's symbolic id (a string constant), `default_value` its specialization_id
// (whose first member is the default), `buffer` the kernel's specialization-constant buffer.
// Scalars and composites use separate markers, as in DPC++.
template <typename T>
T __sycl_getScalar2020SpecConstantValue(const char *id, const void *default_value, const void *buffer);
template <typename T>
T __sycl_getComposite2020SpecConstantValue(const char *id, const void *default_value, const void *buffer);
}

extern "C" {
// ---- Work-group local memory (Native CPU builtins, not SPIR-V) ----------------------------
// The current work-group's local-memory block: local_memory_size bytes of the launch, aligned
// to 64; local accessors address it by the byte offsets the handler gave them.
char *__nativecpu_get_local_memory(void);

// A work-group-local allocation of its own for each call site (group_local_memory): the
// compiler replaces every call, whose size and alignment are constants, by a distinct piece of
// the work-group's local memory, the same for every work-item of the group and every time the
// call runs. `noduplicate` keeps the front-end's optimiser from multiplying call sites (fully
// unrolling a loop around the call would otherwise give each iteration its own allocation); it
// still lets always_inline functions place one call at each of their call sites.
__attribute__((noduplicate)) void *__nativecpu_allocate_local_memory(std::size_t size, std::size_t alignment);

// The work-group's piece of local memory for the work_group_static variable at `variable`
// (its address, a global's, seen through at most a local copy of the pointer): one piece per
// variable, the same for every call that names it. Its size and alignment are constants.
// `const`: the result depends only on the arguments within a work-group.
__attribute__((const)) void *__nativecpu_work_group_static(const void *variable, std::size_t size,
                                                           std::size_t alignment);

// ---- Kernel properties (Native CPU builtins) ----------------------------------------------
// The work_group_size property, in device order (x fastest), called at the start of the kernel;
// the front-end's lower-kernel-properties pass turns it into !reqd_work_group_size metadata.
void __nativecpu_reqd_work_group_size(std::size_t x, std::size_t y, std::size_t z);
// The sub_group_size property, turned into !intel_reqd_sub_group_size the same way.
void __nativecpu_reqd_sub_group_size(std::uint32_t size);
}
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
// The host stand-in of device-only functionality: kernels run only on the device, so reaching
// this means host code called a kernel-only function.
[[noreturn]] inline void device_only(const char *what) {
  sycl::detail::throw_error(errc::feature_not_supported,
                  std::string(what) + " can only be used inside a kernel");
}
} // namespace detail
} // namespace _V1
} // namespace sycl
