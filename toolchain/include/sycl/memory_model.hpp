// The memory orders and scopes of the SYCL memory model (SYCL 2020 section 3.8.3.1), and their
// translation to the operands of SPIR-V barriers and of clang's __atomic / __scoped_atomic
// builtins.
//
// One thread runs a whole work-group on this device, so a scope of work_group or narrower only
// ever synchronises work-items of one thread; device and system scopes synchronise threads.
// atomic_ref passes the scope on to the builtins (clang maps every scope to LLVM's system scope
// on CPU targets), and atomic_fence uses it to choose between a thread fence and a fence within
// one thread.
#pragma once

#include "access.hpp"
#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

enum class memory_order : int { relaxed, acquire, __consume_unsupported, release, acq_rel, seq_cst };
inline constexpr auto memory_order_relaxed = memory_order::relaxed;
inline constexpr auto memory_order_acquire = memory_order::acquire;
inline constexpr auto memory_order_release = memory_order::release;
inline constexpr auto memory_order_acq_rel = memory_order::acq_rel;
inline constexpr auto memory_order_seq_cst = memory_order::seq_cst;

enum class memory_scope : int { work_item, sub_group, work_group, device, system };
inline constexpr auto memory_scope_work_item = memory_scope::work_item;
inline constexpr auto memory_scope_sub_group = memory_scope::sub_group;
inline constexpr auto memory_scope_work_group = memory_scope::work_group;
inline constexpr auto memory_scope_device = memory_scope::device;
inline constexpr auto memory_scope_system = memory_scope::system;

namespace detail {
// SPIR-V's Scope operand (a barrier's execution or memory scope).
enum spirv_scope : unsigned {
  spirv_scope_cross_device = 0,
  spirv_scope_device = 1,
  spirv_scope_workgroup = 2,
  spirv_scope_subgroup = 3,
  spirv_scope_invocation = 4,
};

// SPIR-V's Memory Semantics bits that the headers use.
enum spirv_semantics : unsigned {
  spirv_sequentially_consistent = 0x10,
  spirv_workgroup_memory = 0x100,      // local memory
  spirv_cross_workgroup_memory = 0x200, // global memory
};

// SPIR-V's GroupOperation operand of the group collectives.
enum spirv_group_operation : unsigned {
  spirv_reduce = 0,
  spirv_inclusive_scan = 1,
  spirv_exclusive_scan = 2,
};

constexpr unsigned to_spirv_scope(memory_scope scope) {
  switch (scope) {
  case memory_scope::work_item: return spirv_scope_invocation;
  case memory_scope::sub_group: return spirv_scope_subgroup;
  case memory_scope::work_group: return spirv_scope_workgroup;
  case memory_scope::device: return spirv_scope_device;
  case memory_scope::system: break;
  }
  return spirv_scope_cross_device;
}

// The memory a barrier of nd_item orders: sequentially consistent, on local and/or global memory.
constexpr unsigned barrier_semantics(access::fence_space space) {
  switch (space) {
  case access::fence_space::local_space: return spirv_sequentially_consistent | spirv_workgroup_memory;
  case access::fence_space::global_space: return spirv_sequentially_consistent | spirv_cross_workgroup_memory;
  case access::fence_space::global_and_local: break;
  }
  return spirv_sequentially_consistent | spirv_workgroup_memory | spirv_cross_workgroup_memory;
}

// The __atomic builtins' order for a SYCL memory order.
constexpr int to_gnu_order(memory_order order) {
  switch (order) {
  case memory_order::relaxed: return __ATOMIC_RELAXED;
  case memory_order::acquire:
  case memory_order::__consume_unsupported: return __ATOMIC_ACQUIRE;
  case memory_order::release: return __ATOMIC_RELEASE;
  case memory_order::acq_rel: return __ATOMIC_ACQ_REL;
  case memory_order::seq_cst: break;
  }
  return __ATOMIC_SEQ_CST;
}

// The __scoped_atomic builtins' scope for a SYCL memory scope.
constexpr int to_gnu_scope(memory_scope scope) {
  switch (scope) {
  case memory_scope::work_item: return __MEMORY_SCOPE_SINGLE;
  case memory_scope::sub_group: return __MEMORY_SCOPE_WVFRNT;
  case memory_scope::work_group: return __MEMORY_SCOPE_WRKGRP;
  case memory_scope::device: return __MEMORY_SCOPE_DEVICE;
  case memory_scope::system: break;
  }
  return __MEMORY_SCOPE_SYSTEM;
}
} // namespace detail

} // namespace _V1
} // namespace sycl
