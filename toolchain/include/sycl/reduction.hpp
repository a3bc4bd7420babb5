// Reductions (SYCL 2020 section 4.9.2): sycl::reduction, sycl::reducer, and parallel_for over a
// range or an nd_range with reductions.
//
// How they run: each work-item combines into its own reducer (a private variable, so the user's
// loop body has no shared state at all); at the end of the kernel every work-item stores its
// reducer in a work-group local array, and after a group barrier the group's first work-item
// folds the array into one partial result per work-group. The host folds the partial results of
// all work-groups, in group order, into the reduction variable once the kernel has finished.
// No atomics anywhere: a work-group runs on one thread, and the partials of different groups are
// different memory. A range parallel_for with reductions runs as a one-dimensional nd_range over
// the linearised range (work-groups of up to 128 items, the last one partly idle), so the same
// scheme covers both.
//
// Operations without a known identity (user function objects, given no identity) are supported:
// each reducer then remembers whether it holds a value, and empty ones are skipped when folding.
//
// A reduction into a span of N variables (SYCL 2020 4.9.2.2) keeps each work-item's N values in
// its row of the work-group's local array from the start, instead of in a private array whose
// size may be known only at run time; the group's first work-item then folds each column.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "buffer.hpp"
#include "detail/gentypes.hpp"
#include "functional.hpp"
#include "group.hpp"
#include "handler.hpp"
#include "local_accessor.hpp"
#include "nd_item.hpp"
#include "nd_range.hpp"
#include "properties.hpp"
#include "range.hpp"
#include "sycl_span.hpp"

namespace sycl {
inline namespace _V1 {

// The object a kernel combines partial results into (one per work-item and reduction). The
// fourth parameter is the implementation's: `void` for a reducer holding its value privately,
// detail::in_local_memory for those of span reductions.
template <typename T, typename BinaryOperation, int Dimensions = 0, typename Storage = void> class reducer;

namespace detail {
// A reducer's state: its value, and whether it holds one (always, once an identity is known).
template <typename T> struct reduction_slot {
  T value;
  bool engaged;
};

template <typename T, typename BinaryOperation> void combine_into(reduction_slot<T> &slot, const T &value,
                                                                  const BinaryOperation &op) {
  if (slot.engaged) {
    slot.value = op(slot.value, value);
  } else {
    slot.value = value;
    slot.engaged = true;
  }
}

// What sycl::reduction returns: where the result goes and how to combine.
template <typename T, typename BinaryOperation> struct reduction_descriptor {
  using value_type = T;
  using operation = BinaryOperation;

  T *result;
  BinaryOperation op;
  reduction_slot<T> identity; // engaged when an identity is known or given
  bool initialize_to_identity;

  std::size_t count() const { return 1; }
};

// What sycl::reduction returns for a span: `count` variables from `result` on, combined element
// by element.
template <typename T, std::size_t Extent, typename BinaryOperation>
struct span_reduction_descriptor : reduction_descriptor<T, BinaryOperation> {
  std::size_t variables;

  std::size_t count() const { return variables; }
};

template <typename T, typename Op> inline constexpr bool is_reduction_v<reduction_descriptor<T, Op>> = true;
template <typename T, std::size_t Extent, typename Op>
inline constexpr bool is_reduction_v<span_reduction_descriptor<T, Extent, Op>> = true;

// The tag of reducers whose values live in the work-group's local array (those of spans).
struct in_local_memory;

// What a span reducer is made from: the work-item's row of the group's array.
template <typename T, typename BinaryOperation> struct reducer_row {
  reduction_slot<T> *slots;
  BinaryOperation op;
};

// One reduction as the kernel sees it: the group's scratch array and the partial results.
template <typename T, typename BinaryOperation> struct reduction_in_kernel {
  using value_type = T;
  using operation = BinaryOperation;
  using reducer_type = reducer<T, BinaryOperation>;

  local_accessor<reduction_slot<T>, 1> scratch;
  reduction_slot<T> *partials;
  reduction_slot<T> identity;
  BinaryOperation op;

  // What the work-item's reducer is made from (the reducer holds its value privately).
  const reduction_in_kernel &start(std::size_t) const { return *this; }
  // The reducer's value, into the group's array for `fold`.
  void store(std::size_t local, const reducer_type &reducer) const { scratch[local] = reducer.slot(); }
  void fold(std::size_t size, std::size_t group) const {
    auto total = scratch[0];
    for (std::size_t i = 1; i < size; ++i)
      if (scratch[i].engaged) combine_into(total, scratch[i].value, op);
    partials[group] = total;
  }
};

// A span reduction in the kernel: each work-item's `count` values are the row `local` of the
// group's array, and the partial results are `count` per group.
template <typename T, std::size_t Extent, typename BinaryOperation> struct span_reduction_in_kernel {
  using value_type = T;
  using operation = BinaryOperation;
  using reducer_type = reducer<T, BinaryOperation, 1, in_local_memory>;

  local_accessor<reduction_slot<T>, 1> scratch;
  reduction_slot<T> *partials;
  reduction_slot<T> identity;
  BinaryOperation op;
  std::size_t count;

  // The work-item's row, set to the identity (or empty).
  reducer_row<T, BinaryOperation> start(std::size_t local) const {
    reduction_slot<T> *row = &scratch[local * count];
    for (std::size_t i = 0; i < count; ++i) row[i] = identity;
    return {row, op};
  }
  void store(std::size_t, const reducer_type &) const {}
  void fold(std::size_t size, std::size_t group) const {
    for (std::size_t element = 0; element < count; ++element) {
      auto total = scratch[element];
      for (std::size_t i = 1; i < size; ++i) {
        const reduction_slot<T> &slot = scratch[i * count + element];
        if (slot.engaged) combine_into(total, slot.value, op);
      }
      partials[group * count + element] = total;
    }
  }
};

template <typename BinaryOperation, typename T> reduction_slot<T> known_identity_slot() {
  if constexpr (has_known_identity_v<BinaryOperation, T>)
    return {known_identity_v<BinaryOperation, T>, true};
  else
    return {T{}, false};
}
} // namespace detail

namespace detail {
// What every reducer declares (SYCL 2020 4.9.2.3): its member types, dimensions and identity().
template <typename T, typename BinaryOperation, int Dimensions> struct reducer_interface {
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = Dimensions;

  template <typename Op = BinaryOperation, typename = std::enable_if_t<has_known_identity_v<Op, T>>>
  T identity() const {
    return known_identity_v<Op, T>;
  }
};

// The types whose reducers take `++`: integers, and (as in DPC++) vecs and marrays of them.
template <typename T> inline constexpr bool is_integer_reduction_v = std::is_integral_v<T> || is_geninteger_v<T>;

// The shorthand operators of SYCL 2020 4.9.2.3, each for its operation. Members rather than
// friends taking `reducer &`, so that they also apply to the element reducers a span reducer's
// operator[] returns by value.
template <typename Reducer, typename T, typename BinaryOperation>
class reducer_operators : public reducer_interface<T, BinaryOperation, 0> {
  Reducer &self() { return static_cast<Reducer &>(*this); }

public:

  template <typename Op = BinaryOperation, typename = std::enable_if_t<op_kind_v<Op> == op_kind::plus>>
  Reducer &operator+=(const T &partial) {
    return self().combine(partial);
  }
  template <typename Op = BinaryOperation, typename = std::enable_if_t<op_kind_v<Op> == op_kind::multiplies>>
  Reducer &operator*=(const T &partial) {
    return self().combine(partial);
  }
  template <typename Op = BinaryOperation, typename = std::enable_if_t<op_kind_v<Op> == op_kind::bit_and>>
  Reducer &operator&=(const T &partial) {
    return self().combine(partial);
  }
  template <typename Op = BinaryOperation, typename = std::enable_if_t<op_kind_v<Op> == op_kind::bit_or>>
  Reducer &operator|=(const T &partial) {
    return self().combine(partial);
  }
  template <typename Op = BinaryOperation, typename = std::enable_if_t<op_kind_v<Op> == op_kind::bit_xor>>
  Reducer &operator^=(const T &partial) {
    return self().combine(partial);
  }
  template <typename Op = BinaryOperation,
            typename = std::enable_if_t<op_kind_v<Op> == op_kind::plus && is_integer_reduction_v<T>>>
  Reducer &operator++() {
    return self().combine(T(1));
  }
  template <typename Op = BinaryOperation,
            typename = std::enable_if_t<op_kind_v<Op> == op_kind::plus && is_integer_reduction_v<T>>>
  void operator++(int) {
    self().combine(T(1));
  }
};
} // namespace detail

template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 0, void>
    : public detail::reducer_operators<reducer<T, BinaryOperation, 0, void>, T, BinaryOperation> {
public:
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;

  reducer &combine(const T &partial) {
    detail::combine_into(slot_, partial, op_);
    return *this;
  }

  // Implementation: made by the reduction kernel, empty or holding the identity.
  explicit reducer(const detail::reduction_in_kernel<T, BinaryOperation> &reduction)
      : slot_(reduction.identity), op_(reduction.op) {}
  const detail::reduction_slot<T> &slot() const { return slot_; }

private:
  detail::reduction_slot<T> slot_;
  BinaryOperation op_;
};

// One variable of a span reduction: what reducer<…, 1>::operator[] returns.
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 0, detail::in_local_memory>
    : public detail::reducer_operators<reducer<T, BinaryOperation, 0, detail::in_local_memory>, T, BinaryOperation> {
public:
  reducer &combine(const T &partial) {
    detail::combine_into(*slot_, partial, op_);
    return *this;
  }

  // Implementation: made by the span reducer for one of its slots.
  reducer(detail::reduction_slot<T> *slot, const BinaryOperation &op) : slot_(slot), op_(op) {}

private:
  detail::reduction_slot<T> *slot_;
  BinaryOperation op_;
};

// A span reduction's reducer: one reducer per variable, by index.
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 1, detail::in_local_memory> : public detail::reducer_interface<T, BinaryOperation, 1> {
public:
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;

  reducer<T, BinaryOperation, 0, detail::in_local_memory> operator[](std::size_t index) const {
    return {row_ + index, op_};
  }

  // Implementation: made by the reduction kernel over the work-item's row of the group's array.
  explicit reducer(const detail::reducer_row<T, BinaryOperation> &row) : row_(row.slots), op_(row.op) {}

private:
  detail::reduction_slot<T> *row_;
  BinaryOperation op_;
};

// ---- sycl::reduction -----------------------------------------------------------------------

template <typename T, typename BinaryOperation>
detail::reduction_descriptor<T, BinaryOperation> reduction(T *variable, BinaryOperation combiner,
                                                          const property_list &properties = {}) {
  return {variable, combiner, detail::known_identity_slot<BinaryOperation, T>(),
          properties.has_property<property::reduction::initialize_to_identity>()};
}

template <typename T, typename BinaryOperation>
detail::reduction_descriptor<T, BinaryOperation> reduction(T *variable, const T &identity, BinaryOperation combiner,
                                                          const property_list &properties = {}) {
  return {variable, combiner, {identity, true},
          properties.has_property<property::reduction::initialize_to_identity>()};
}

// A reduction into the single element of a buffer.
template <typename T, int Dims, typename AllocatorT, typename BinaryOperation>
detail::reduction_descriptor<T, BinaryOperation> reduction(buffer<T, Dims, AllocatorT> variable, handler &h,
                                                          BinaryOperation combiner,
                                                          const property_list &properties = {}) {
  // The buffer's destructor waits for this command, so its memory outlives the reduction.
  detail::require(h, variable.storage(), true);
  return {variable.data(), combiner, detail::known_identity_slot<BinaryOperation, T>(),
          properties.has_property<property::reduction::initialize_to_identity>()};
}

template <typename T, int Dims, typename AllocatorT, typename BinaryOperation>
detail::reduction_descriptor<T, BinaryOperation> reduction(buffer<T, Dims, AllocatorT> variable, handler &h,
                                                          const T &identity, BinaryOperation combiner,
                                                          const property_list &properties = {}) {
  // The buffer's destructor waits for this command, so its memory outlives the reduction.
  detail::require(h, variable.storage(), true);
  return {variable.data(), combiner, {identity, true},
          properties.has_property<property::reduction::initialize_to_identity>()};
}

// A reduction into each variable of a span (SYCL 2020 4.9.2.2).
template <typename T, std::size_t Extent, typename BinaryOperation>
detail::span_reduction_descriptor<T, Extent, BinaryOperation>
reduction(span<T, Extent> variables, BinaryOperation combiner, const property_list &properties = {}) {
  return {{variables.data(), combiner, detail::known_identity_slot<BinaryOperation, T>(),
           properties.has_property<property::reduction::initialize_to_identity>()},
          variables.size()};
}

template <typename T, std::size_t Extent, typename BinaryOperation>
detail::span_reduction_descriptor<T, Extent, BinaryOperation>
reduction(span<T, Extent> variables, const T &identity, BinaryOperation combiner,
          const property_list &properties = {}) {
  return {{variables.data(), combiner, {identity, true},
           properties.has_property<property::reduction::initialize_to_identity>()},
          variables.size()};
}

namespace detail {
// The largest work-group a range parallel_for with reductions runs in.
inline constexpr std::size_t reduction_group_size = 128;

// The kernel of a parallel_for with reductions. `IsRange`: the user's kernel takes an item (or
// id) of `user_range`, which is linearised onto a one-dimensional nd_range.
template <bool IsRange, int UserDims, int LaunchDims, typename Functor, typename... Reductions>
struct reduction_kernel {
  Functor functor;
  range<UserDims> user_range;
  std::tuple<Reductions...> reductions;

  void operator()(nd_item<LaunchDims> it) const {
    run(it, std::index_sequence_for<Reductions...>());
  }

private:
  template <std::size_t... I> void run(const nd_item<LaunchDims> &it, std::index_sequence<I...>) const {
    const std::size_t local = it.get_local_linear_id();
    std::tuple<typename Reductions::reducer_type...> reducers(std::get<I>(reductions).start(local)...);
    if constexpr (IsRange) {
      const std::size_t linear = it.get_global_linear_id();
      if (linear < user_range.size()) {
        id<UserDims> index = delinearize(linear);
        item<UserDims, true> user_item(index, user_range, id<UserDims>());
        if constexpr (std::is_invocable_v<const Functor &, item<UserDims>, decltype(std::get<I>(reducers))...>)
          functor(user_item, std::get<I>(reducers)...);
        else
          functor(index, std::get<I>(reducers)...);
      }
    } else {
      functor(it, std::get<I>(reducers)...);
    }
    (std::get<I>(reductions).store(local, std::get<I>(reducers)), ...);
    group_barrier(it.get_group());
    if (local == 0) {
      const std::size_t size = it.get_local_range().size();
      (std::get<I>(reductions).fold(size, it.get_group_linear_id()), ...);
    }
  }

  // SYCL order: the last dimension varies fastest.
  id<UserDims> delinearize(std::size_t linear) const {
    id<UserDims> index;
    for (int d = UserDims - 1; d >= 0; --d) {
      index[d] = linear % user_range[d];
      linear /= user_range[d];
    }
    return index;
  }
};

template <typename T, typename BinaryOperation>
reduction_in_kernel<T, BinaryOperation> prepare_reduction(const reduction_descriptor<T, BinaryOperation> &reduction,
                                                          handler &h, std::size_t group_size,
                                                          std::vector<reduction_slot<T>> &partials) {
  return {local_accessor<reduction_slot<T>, 1>(range<1>(group_size), h), partials.data(), reduction.identity,
          reduction.op};
}

template <typename T, std::size_t Extent, typename BinaryOperation>
span_reduction_in_kernel<T, Extent, BinaryOperation>
prepare_reduction(const span_reduction_descriptor<T, Extent, BinaryOperation> &reduction, handler &h,
                  std::size_t group_size, std::vector<reduction_slot<T>> &partials) {
  return {local_accessor<reduction_slot<T>, 1>(range<1>(group_size * reduction.count()), h), partials.data(),
          reduction.identity, reduction.op, reduction.count()};
}

// After the kernel, for each variable: its old value (unless initialize_to_identity), then every
// group's partial result, in group order.
template <typename T, typename BinaryOperation>
void finish_reduction(const reduction_descriptor<T, BinaryOperation> &reduction, std::size_t count,
                      const std::vector<reduction_slot<T>> &partials) {
  for (std::size_t element = 0; element < count; ++element) {
    T &variable = reduction.result[element];
    reduction_slot<T> total = reduction.initialize_to_identity ? reduction.identity : reduction_slot<T>{variable, true};
    for (std::size_t i = element; i < partials.size(); i += count)
      if (partials[i].engaged) combine_into(total, partials[i].value, reduction.op);
    if (total.engaged) variable = total.value;
  }
}

template <typename KernelName, bool IsRange, int UserDims, int LaunchDims, typename Functor,
          typename... Descriptors, std::size_t... I>
void submit_reductions(handler &h, const range<UserDims> &user_range, const nd_range<LaunchDims> &launch,
                       const Functor &functor, std::index_sequence<I...>, const Descriptors &...descriptors) {
  // Checked before the group count, which is the product of the global range's quotients.
  work_items(launch.get_global_range());
  const std::size_t group_size = launch.get_local_range().size();
  const std::size_t groups = launch.get_group_range().size();
  auto partials = std::make_shared<std::tuple<std::vector<reduction_slot<typename Descriptors::value_type>>...>>(
      std::vector<reduction_slot<typename Descriptors::value_type>>(groups * descriptors.count())...);
  using Kernel = reduction_kernel<IsRange, UserDims, LaunchDims, Functor,
                                  decltype(prepare_reduction(descriptors, h, group_size, std::get<I>(*partials)))...>;
  Kernel kernel{functor, user_range,
                std::make_tuple(prepare_reduction(descriptors, h, group_size, std::get<I>(*partials))...)};
  using Name = kernel_name_t<KernelName, Kernel>;
  h.template launch_nd_range_kernel<Name>(launch, kernel, [partials, descriptors...] {
    (finish_reduction(descriptors, descriptors.count(), std::get<I>(*partials)), ...);
  });
}

template <typename KernelName, int Dims, typename... Args, std::size_t... I>
void reduction_parallel_for(handler &h, const range<Dims> &extent, std::index_sequence<I...>, const Args &...args) {
  const auto &functor = std::get<sizeof...(Args) - 1>(std::forward_as_tuple(args...));
  const std::size_t items = work_items(extent);
  std::size_t group_size = reduction_group_size;
  while (group_size > 1 && group_size / 2 >= items) group_size /= 2;
  const std::size_t groups = items == 0 ? 0 : (items + group_size - 1) / group_size;
  nd_range<1> launch(range<1>(groups * group_size), range<1>(group_size));
  submit_reductions<KernelName, true>(h, extent, launch, functor, std::index_sequence<I...>(),
                                      std::get<I>(std::forward_as_tuple(args...))...);
}

template <typename KernelName, int Dims, typename... Args, std::size_t... I>
void reduction_parallel_for(handler &h, const nd_range<Dims> &launch, std::index_sequence<I...>,
                            const Args &...args) {
  const auto &functor = std::get<sizeof...(Args) - 1>(std::forward_as_tuple(args...));
  submit_reductions<KernelName, false>(h, launch.get_global_range(), with_chosen_local_range(launch), functor,
                                       std::index_sequence<I...>(), std::get<I>(std::forward_as_tuple(args...))...);
}
} // namespace detail

} // namespace _V1
} // namespace sycl
