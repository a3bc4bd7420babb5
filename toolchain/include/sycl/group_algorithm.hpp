// The group algorithms library (SYCL 2020 section 4.17.4): group_broadcast, any/all/none_of_group,
// reduce_over_group, exclusive/inclusive_scan_over_group, and their joint_* forms over a range.
//
// Work-groups: each collective is one call of DPC++'s SPIR-V group builtin (detail/builtins.hpp)
// with execution scope Workgroup (2) and GroupOperation Reduce (0), InclusiveScan (1) or
// ExclusiveScan (2); the compiler lowers it. The builtins exist for 32- and 64-bit integers,
// float and double (and bool for the logical operators): smaller integers (and bool under an
// arithmetic operator) are widened to 32 bits and the result narrowed back, which gives the same
// value as combining in the narrow type; long long and unsigned long long use the 64-bit forms.
// For multi-dimensional groups the order of the work-items is their local linear id.
//
// Sub-groups make the same calls with execution scope Subgroup (3); the compiler computes them
// across the lanes of a vector, or as the identity where a sub-group is one work-item
// (group.hpp). The sub-group shuffles (shift_group_left/right, permute_group_by_xor,
// select_from_group) are one __spirv_SubgroupShuffleINTEL each, with the index computed here.
//
// The joint_* algorithms split [first, last) into one contiguous share per work-item in
// local-linear-id order (the first n % size work-items get one element more, so only trailing
// shares can be empty), combine each share sequentially, and combine the shares' partial
// results with one collective. Scans exclusive-scan the partials for each share's prefix and then
// write the share's results in order: every result combines the elements in their sequence
// order, as the spec's generalized non-commutative sum requires (the operator need only be
// associative). A scan ends with a group barrier, so that every work-item sees the whole output
// when it returns (other work-items write most of it); `first` may equal `result`.
//
// std::complex<float> and std::complex<double> values take sycl::plus
// (sycl_ext_oneapi_complex_algorithms): a collective of the real parts and one of the imaginary
// parts; broadcasts and shuffles move any trivially copyable type.
//
// Deviations: the binary operation must be one of the SYCL function objects (as SYCL 2020
// requires), or the matching std:: one; the logical operators on non-bool values combine their
// truth values, so results are 0 or 1 even where the spec's generalized sum of one element would
// give the element unchanged; sycl::vec, sycl::marray and sycl::half are not supported yet; the
// joint_* forms take any random-access iterator (the spec requires pointers).
//
// Host compilation: kernels never run on the host, so the work-group forms only compile there;
// they throw if called.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "functional.hpp"
#include "group.hpp"
#include "memory_model.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {

template <typename Group> inline constexpr bool is_group_arg_v = is_group_v<std::decay_t<Group>>;

// The SPIR-V execution scope of a group's collectives.
template <typename Group>
inline constexpr unsigned spirv_scope_of = is_sub_group_v<Group> ? spirv_scope_subgroup : spirv_scope_workgroup;

// std::complex<float> and std::complex<double>, which sycl_ext_oneapi_complex_algorithms lets
// the reductions and scans take with sycl::plus (as two collectives, of the real and the
// imaginary parts).
template <typename T> inline constexpr bool is_std_complex_v = false;
template <typename F> inline constexpr bool is_std_complex_v<std::complex<F>> = std::is_floating_point_v<F>;
// The values group reductions and scans take.
template <typename T> inline constexpr bool is_collective_value_v = is_scalar_arithmetic_v<T> || is_std_complex_v<T>;

// The identity of an operator for T: known_identity, plus the logical operators on any
// arithmetic type (true or false converted to T), and 0 for a complex sum.
template <typename BinaryOperation, typename T> constexpr T identity_for() {
  constexpr op_kind kind = op_kind_v<BinaryOperation>;
  static_assert(kind != op_kind::none,
                "group algorithms need a SYCL function object (sycl::plus, multiplies, minimum, maximum, "
                "bit_and, bit_or, bit_xor, logical_and or logical_or)");
  if constexpr (is_std_complex_v<T>)
    return T{};
  else if constexpr (kind == op_kind::logical_and)
    return static_cast<T>(true);
  else if constexpr (kind == op_kind::logical_or)
    return static_cast<T>(false);
  else {
    static_assert(identity_known<kind, T>(), "this operator has no identity for this type");
    return identity_value<kind, T>();
  }
}

// The type a collective of `Kind` on T computes in: bool for the logical operators, else T's
// size-and-signedness 32- or 64-bit integer, float for half (exact for minimum and maximum; sums
// and products are rounded to half once, at the end), or T itself for float and double.
template <typename T, op_kind Kind> auto collective_type_of() {
  if constexpr (Kind == op_kind::logical_and || Kind == op_kind::logical_or)
    return bool{};
  else if constexpr (std::is_same_v<T, half>)
    return float{};
  else if constexpr (std::is_floating_point_v<T>) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                  "group collectives support float and double (no long double)");
    return T{};
  } else {
    static_assert(std::is_integral_v<T>, "group collectives need an arithmetic type");
    static_assert(sizeof(T) <= 8, "group collectives support integers of at most 64 bits");
    if constexpr (std::is_signed_v<T>)
      return std::conditional_t<sizeof(T) <= 4, std::int32_t, std::int64_t>{};
    else
      return std::conditional_t<sizeof(T) <= 4, std::uint32_t, std::uint64_t>{};
  }
}
template <typename T, op_kind Kind> using collective_type_t = decltype(collective_type_of<T, Kind>());

#ifdef __SYCL_DEVICE_ONLY__
// One group collective builtin call. The scope and operation are template arguments so that
// they are constants in the call even at -O0.
template <unsigned scope, op_kind Kind, unsigned Operation, typename N>
NCPU_ALWAYS_INLINE N spirv_collective(N value) {
  if constexpr (std::is_same_v<N, bool>) {
    if constexpr (Kind == op_kind::logical_and)
      return __spirv_GroupLogicalAndKHR(scope, Operation, value);
    else
      return __spirv_GroupLogicalOrKHR(scope, Operation, value);
  } else if constexpr (std::is_floating_point_v<N>) {
    static_assert(Kind == op_kind::plus || Kind == op_kind::multiplies || Kind == op_kind::minimum ||
                      Kind == op_kind::maximum,
                  "bitwise operators need integer values");
    if constexpr (Kind == op_kind::plus)
      return __spirv_GroupFAdd(scope, Operation, value);
    else if constexpr (Kind == op_kind::multiplies)
      return __spirv_GroupFMulKHR(scope, Operation, value);
    else if constexpr (Kind == op_kind::minimum)
      return __spirv_GroupFMin(scope, Operation, value);
    else
      return __spirv_GroupFMax(scope, Operation, value);
  } else {
    if constexpr (Kind == op_kind::plus)
      return __spirv_GroupIAdd(scope, Operation, value);
    else if constexpr (Kind == op_kind::multiplies)
      return __spirv_GroupIMulKHR(scope, Operation, value);
    else if constexpr (Kind == op_kind::minimum && std::is_signed_v<N>)
      return __spirv_GroupSMin(scope, Operation, value);
    else if constexpr (Kind == op_kind::minimum)
      return __spirv_GroupUMin(scope, Operation, value);
    else if constexpr (Kind == op_kind::maximum && std::is_signed_v<N>)
      return __spirv_GroupSMax(scope, Operation, value);
    else if constexpr (Kind == op_kind::maximum)
      return __spirv_GroupUMax(scope, Operation, value);
    else if constexpr (Kind == op_kind::bit_and)
      return __spirv_GroupBitwiseAndKHR(scope, Operation, value);
    else if constexpr (Kind == op_kind::bit_or)
      return __spirv_GroupBitwiseOrKHR(scope, Operation, value);
    else
      return __spirv_GroupBitwiseXorKHR(scope, Operation, value);
  }
}
#endif

template <unsigned Operation, typename BinaryOperation, typename T>
T partition_collective(const partitioned_sub_group &part, T x);

// Reduce or scan x over a group with BinaryOperation.
template <unsigned Operation, typename BinaryOperation, typename Group, typename T>
NCPU_ALWAYS_INLINE T group_collective(const Group &g, T x) {
  static_assert(is_collective_value_v<T>, "group algorithms need an arithmetic type, sycl::half or std::complex");
  constexpr op_kind kind = op_kind_v<BinaryOperation>;
  static_assert(kind != op_kind::none,
                "group algorithms need a SYCL function object (sycl::plus, multiplies, minimum, maximum, "
                "bit_and, bit_or, bit_xor, logical_and or logical_or)");
  if constexpr (is_std_complex_v<T>) {
    static_assert(kind == op_kind::plus, "group algorithms combine std::complex values with sycl::plus only");
    using F = typename T::value_type;
    return T(group_collective<Operation, sycl::plus<F>>(g, x.real()), group_collective<Operation, sycl::plus<F>>(g, x.imag()));
  } else if constexpr (is_partitioned_sub_group_v<Group>) {
    return partition_collective<Operation, BinaryOperation>(g, x);
  } else {
    (void)g;
#ifdef __SYCL_DEVICE_ONLY__
    using N = collective_type_t<T, kind>;
    N result = spirv_collective<spirv_scope_of<Group>, kind, Operation, N>(static_cast<N>(x));
    if constexpr (std::is_integral_v<T> && sizeof(T) < sizeof(N)) {
      // The first work-item's exclusive scan is N's identity; minimum's and maximum's (N's
      // extremes) are not T's once truncated, and every other result lies within T's range.
      const N lowest = std::numeric_limits<T>::lowest(), highest = std::numeric_limits<T>::max();
      result = result < lowest ? lowest : result > highest ? highest : result;
    }
    return static_cast<T>(result);
#else
    (void)x;
    device_only("sycl group algorithms");
#endif
  }
}

#ifdef __SYCL_DEVICE_ONLY__
template <typename T>
inline constexpr bool is_native_move_type_v =
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint64_t> || std::is_same_v<T, float> || std::is_same_v<T, double>;

template <std::size_t Words, typename Move, std::size_t... W>
NCPU_ALWAYS_INLINE void move_words(std::uint32_t (&buffer)[Words], Move move, std::index_sequence<W...>) {
  ((buffer[W] = move(buffer[W])), ...);
}

// x moved between work-items by `move` (a broadcast or a shuffle of one 32- or 64-bit integer,
// float or double): directly for those types, widened for smaller integers, and as 32-bit words,
// one move each, for any other trivially copyable type (straight-line code, also at -O0).
template <typename T, typename Move> NCPU_ALWAYS_INLINE T move_value(T x, Move move) {
  static_assert(std::is_trivially_copyable_v<T>, "group functions move trivially copyable types");
  if constexpr (is_native_move_type_v<T>) {
    return move(x);
  } else if constexpr (std::is_integral_v<T>) {
    using N = collective_type_t<T, op_kind::plus>;
    return static_cast<T>(move(static_cast<N>(x)));
  } else {
    constexpr std::size_t words = (sizeof(T) + 3) / 4;
    std::uint32_t buffer[words] = {};
    __builtin_memcpy(buffer, &x, sizeof(T));
    move_words(buffer, move, std::make_index_sequence<words>());
    T result = x;
    __builtin_memcpy(&result, buffer, sizeof(T));
    return result;
  }
}
#endif

// The value of x on the work-item of the caller's sub-group whose local id is `index`.
template <typename T> NCPU_ALWAYS_INLINE T shuffle(T x, std::uint32_t index) {
#ifdef __SYCL_DEVICE_ONLY__
  return move_value(x, [index](auto value)
                           NCPU_LAMBDA_ALWAYS_INLINE { return __spirv_SubgroupShuffleINTEL(value, index); });
#else
  (void)x;
  (void)index;
  device_only("sycl sub-group shuffles");
#endif
}

// The value of x on the work-item of the given local linear id.
template <typename Group, typename T> NCPU_ALWAYS_INLINE T broadcast(const Group &g, T x, std::size_t local_linear_id) {
  if constexpr (is_partitioned_sub_group_v<Group>) {
    return shuffle(x, g.lane_of(static_cast<std::uint32_t>(local_linear_id)));
  } else {
#ifdef __SYCL_DEVICE_ONLY__
    return move_value(x, [local_linear_id](auto value) NCPU_LAMBDA_ALWAYS_INLINE {
      return __spirv_GroupBroadcast(spirv_scope_of<Group>, value, local_linear_id);
    });
#else
    (void)g;
    (void)x;
    (void)local_linear_id;
    device_only("sycl::group_broadcast");
#endif
  }
}

template <typename Group> NCPU_ALWAYS_INLINE bool group_any(const Group &g, bool predicate) {
  if constexpr (is_partitioned_sub_group_v<Group>) {
    return partition_collective<spirv_reduce, logical_or<bool>>(g, predicate);
  } else {
#ifdef __SYCL_DEVICE_ONLY__
    (void)g;
    return __spirv_GroupAny(spirv_scope_of<Group>, predicate);
#else
    (void)g;
    (void)predicate;
    device_only("sycl::any_of_group");
#endif
  }
}

template <typename Group> NCPU_ALWAYS_INLINE bool group_all(const Group &g, bool predicate) {
  if constexpr (is_partitioned_sub_group_v<Group>) {
    return partition_collective<spirv_reduce, logical_and<bool>>(g, predicate);
  } else {
#ifdef __SYCL_DEVICE_ONLY__
    (void)g;
    return __spirv_GroupAll(spirv_scope_of<Group>, predicate);
#else
    (void)g;
    (void)predicate;
    device_only("sycl::all_of_group");
#endif
  }
}

// ---- Partitions of a sub-group (the non-uniform groups; group.hpp) --------------------------
// A part's collectives are the sub-group's. Parts given by a mask (at most two: a ballot's, or
// the one part of the work-items that call together) take one sub-group collective per part in
// which the lanes of the other part contribute the identity, so every scan and reduction sees
// exactly its part's values in lane order. Parts that are aligned runs of a power-of-two number
// of lanes (fixed-size groups) combine by shuffles instead: a butterfly for reductions, whose
// pairs each lane combines in the same order, and a doubling prefix for scans.

template <typename BinaryOperation, typename T> T combine(T a, T b) {
  return static_cast<T>(BinaryOperation()(a, b));
}

template <unsigned Operation, typename BinaryOperation, typename T>
T chunk_collective(const partitioned_sub_group &part, T x) {
  const std::uint32_t lane = part.lane(), chunk = part.chunk(), position = lane % chunk;
  if constexpr (Operation == spirv_reduce) {
    for (std::uint32_t distance = 1; distance < chunk; distance *= 2)
      x = combine<BinaryOperation>(x, shuffle(x, lane ^ distance));
    return x;
  } else {
    for (std::uint32_t distance = 1; distance < chunk; distance *= 2) {
      const T before = shuffle(x, lane - distance);
      x = position >= distance ? combine<BinaryOperation>(before, x) : x;
    }
    if constexpr (Operation == spirv_inclusive_scan) {
      return x;
    } else {
      const T before = shuffle(x, lane - 1);
      return position == 0 ? identity_for<BinaryOperation, T>() : before;
    }
  }
}

template <unsigned Operation, typename BinaryOperation, typename T>
T partition_collective(const partitioned_sub_group &part, T x) {
  if (part.chunk() != 0) return chunk_collective<Operation, BinaryOperation>(part, x);
  const sub_group whole{group_tag{}};
  const T identity = identity_for<BinaryOperation, T>();
  const std::uint32_t own = part.get_group_linear_id();
  const T first = group_collective<Operation, BinaryOperation>(whole, own == 0 ? x : identity);
  if (part.get_group_linear_range() == 1) return first;
  const T second = group_collective<Operation, BinaryOperation>(whole, own == 1 ? x : identity);
  return own == 0 ? first : second;
}

// The sub-group lane a shuffle over `g` reads for the target local id.
template <typename Group> std::uint32_t shuffle_source(const Group &g, std::uint32_t target) {
  if constexpr (is_partitioned_sub_group_v<Group>)
    return g.lane_of(target);
  else
    return target;
}

template <typename Group>
inline constexpr bool is_shuffle_group_v = std::is_same_v<std::decay_t<Group>, sub_group> || is_partitioned_sub_group_v<Group>;

// The calling work-item's share [begin, end) of n elements (see the file comment).
struct share {
  std::size_t begin;
  std::size_t end;
};
template <typename Group> NCPU_ALWAYS_INLINE share share_of(const Group &g, std::size_t n) {
  std::size_t items = g.get_local_linear_range();
  std::size_t k = g.get_local_linear_id();
  std::size_t quotient = n / items, remainder = n % items;
  std::size_t begin = k * quotient + (k < remainder ? k : remainder);
  return {begin, begin + quotient + (k < remainder ? 1 : 0)};
}

template <typename Iterator> using iter_value_t = std::remove_cv_t<typename std::iterator_traits<Iterator>::value_type>;

// The calling work-item's share of [first, last) for a joint algorithm, read once every work-item
// of the group has arrived: the algorithms are group functions, synchronization points (SYCL 2020
// 4.17.3), so what the work-items wrote before the call is what they read, also the elements
// another work-item wrote (oneDPL fills a local array, each work-item its own elements, and
// scans it at once).
template <typename Group> NCPU_ALWAYS_INLINE share arrive_for_share(const Group &g, std::size_t n) {
  group_barrier(g);
  return share_of(g, n);
}

// The combination, in T, of the calling work-item's share of [first, last); the identity if the
// share is empty.
template <typename T, typename Group, typename InPtr, typename BinaryOperation>
NCPU_ALWAYS_INLINE T share_partial(const Group &g, InPtr first, InPtr last, BinaryOperation op) {
  share s = arrive_for_share(g, static_cast<std::size_t>(last - first));
  if (s.begin == s.end) return identity_for<BinaryOperation, T>();
  T partial = static_cast<T>(first[s.begin]);
  for (std::size_t i = s.begin + 1; i < s.end; ++i) partial = op(partial, static_cast<T>(first[i]));
  return partial;
}

template <bool Inclusive, bool HasInit, typename T, typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
NCPU_ALWAYS_INLINE OutPtr joint_scan(const Group &g, InPtr first, InPtr last, OutPtr result, T init, BinaryOperation op) {
  std::size_t n = static_cast<std::size_t>(last - first);
  share s = share_of(g, n);
  T partial = share_partial<T>(g, first, last, op);
  // What precedes the share: empty (the identity) for the first share, since the shares before a
  // non-empty one are all non-empty.
  T prefix = group_collective<spirv_exclusive_scan, BinaryOperation>(g, partial);
  bool have = HasInit || s.begin > 0;
  T running = prefix;
  if constexpr (HasInit) running = s.begin > 0 ? op(init, prefix) : init;
  for (std::size_t i = s.begin; i < s.end; ++i) {
    T x = static_cast<T>(first[i]); // read before the write: `first` may be `result`
    if constexpr (Inclusive) {
      running = have ? op(running, x) : x;
      result[i] = running;
    } else {
      result[i] = have ? running : identity_for<BinaryOperation, T>();
      running = have ? op(running, x) : x;
    }
    have = true;
  }
  group_barrier(g);
  return result + n;
}

} // namespace detail

// ---- Broadcast --------------------------------------------------------------------------------

template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && std::is_trivially_copyable_v<T>, T>
group_broadcast(Group g, T x) {
  return detail::broadcast(g, x, 0);
}
template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && std::is_trivially_copyable_v<T>, T>
group_broadcast(Group g, T x, typename Group::linear_id_type local_linear_id) {
  return detail::broadcast(g, x, static_cast<std::size_t>(local_linear_id));
}
template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && std::is_trivially_copyable_v<T>, T>
group_broadcast(Group g, T x, typename Group::id_type local_id) {
  return detail::broadcast(g, x, detail::linearize(local_id, g.get_local_range()));
}

// ---- Sub-group shuffles (SYCL 2020 4.17.3.3 to 4.17.3.5) ----------------------------------------
// An index past the sub-group gives an unspecified value, as the spec allows.

template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_shuffle_group_v<Group> && std::is_trivially_copyable_v<T>, T>
shift_group_left(Group g, T x, typename Group::linear_id_type delta = 1) {
  return detail::shuffle(x, detail::shuffle_source(g, g.get_local_linear_id() + delta));
}
template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_shuffle_group_v<Group> && std::is_trivially_copyable_v<T>, T>
shift_group_right(Group g, T x, typename Group::linear_id_type delta = 1) {
  return detail::shuffle(x, detail::shuffle_source(g, g.get_local_linear_id() - delta));
}
template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_shuffle_group_v<Group> && std::is_trivially_copyable_v<T>, T>
permute_group_by_xor(Group g, T x, typename Group::linear_id_type mask) {
  return detail::shuffle(x, detail::shuffle_source(g, g.get_local_linear_id() ^ mask));
}
template <typename Group, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_shuffle_group_v<Group> && std::is_trivially_copyable_v<T>, T>
select_from_group(Group g, T x, typename Group::id_type remote_local_id) {
  return detail::shuffle(x, detail::shuffle_source(g, static_cast<std::uint32_t>(remote_local_id[0])));
}

// ---- any_of, all_of, none_of ------------------------------------------------------------------

template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> any_of_group(Group g, bool pred) {
  return detail::group_any(g, pred);
}
template <typename Group, typename T, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> any_of_group(Group g, T x, Predicate pred) {
  return detail::group_any(g, static_cast<bool>(pred(x)));
}
template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> all_of_group(Group g, bool pred) {
  return detail::group_all(g, pred);
}
template <typename Group, typename T, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> all_of_group(Group g, T x, Predicate pred) {
  return detail::group_all(g, static_cast<bool>(pred(x)));
}
template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> none_of_group(Group g, bool pred) {
  return !detail::group_any(g, pred);
}
template <typename Group, typename T, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> none_of_group(Group g, T x, Predicate pred) {
  return !detail::group_any(g, static_cast<bool>(pred(x)));
}

template <typename Group, typename Ptr, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> joint_any_of(Group g, Ptr first, Ptr last,
                                                                                     Predicate pred) {
  detail::share s = detail::arrive_for_share(g, static_cast<std::size_t>(last - first));
  bool found = false;
  for (std::size_t i = s.begin; i < s.end && !found; ++i) found = static_cast<bool>(pred(first[i]));
  return detail::group_any(g, found);
}
template <typename Group, typename Ptr, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> joint_all_of(Group g, Ptr first, Ptr last,
                                                                                     Predicate pred) {
  detail::share s = detail::arrive_for_share(g, static_cast<std::size_t>(last - first));
  bool all = true;
  for (std::size_t i = s.begin; i < s.end && all; ++i) all = static_cast<bool>(pred(first[i]));
  return detail::group_all(g, all);
}
template <typename Group, typename Ptr, typename Predicate>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, bool> joint_none_of(Group g, Ptr first, Ptr last,
                                                                                      Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

// ---- Reduce -----------------------------------------------------------------------------------

template <typename Group, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, T>
reduce_over_group(Group g, T x, BinaryOperation binary_op) {
  (void)binary_op;
  return detail::group_collective<detail::spirv_reduce, BinaryOperation>(g, x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<V> && detail::is_collective_value_v<T>, T>
reduce_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return binary_op(init, detail::group_collective<detail::spirv_reduce, BinaryOperation>(g, static_cast<T>(x)));
}

template <typename Group, typename Ptr, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, detail::iter_value_t<Ptr>>
joint_reduce(Group g, Ptr first, Ptr last, BinaryOperation binary_op) {
  using T = detail::iter_value_t<Ptr>;
  T partial = detail::share_partial<T>(g, first, last, binary_op);
  return detail::group_collective<detail::spirv_reduce, BinaryOperation>(g, partial);
}
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, T>
joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation binary_op) {
  T partial = detail::share_partial<T>(g, first, last, binary_op);
  return binary_op(init, detail::group_collective<detail::spirv_reduce, BinaryOperation>(g, partial));
}

// ---- Scans ------------------------------------------------------------------------------------

template <typename Group, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, T>
exclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  (void)binary_op;
  return detail::group_collective<detail::spirv_exclusive_scan, BinaryOperation>(g, x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<V> && detail::is_collective_value_v<T>, T>
exclusive_scan_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  T prefix = detail::group_collective<detail::spirv_exclusive_scan, BinaryOperation>(g, static_cast<T>(x));
  // The first work-item has nothing before it: init itself, not init combined with the identity
  // (which can differ, e.g. -0.0 + 0.0 or min(NaN, inf)).
  return g.get_local_linear_id() == 0 ? init : binary_op(init, prefix);
}

template <typename Group, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, T>
inclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  (void)binary_op;
  return detail::group_collective<detail::spirv_inclusive_scan, BinaryOperation>(g, x);
}
template <typename Group, typename V, typename BinaryOperation, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<V> && detail::is_collective_value_v<T>, T>
inclusive_scan_over_group(Group g, V x, BinaryOperation binary_op, T init) {
  return binary_op(init, detail::group_collective<detail::spirv_inclusive_scan, BinaryOperation>(g, static_cast<T>(x)));
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, OutPtr>
joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op) {
  using T = detail::iter_value_t<OutPtr>;
  return detail::joint_scan<false, false>(g, first, last, result, T{}, binary_op);
}
template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, OutPtr>
joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, T init, BinaryOperation binary_op) {
  return detail::joint_scan<false, true>(g, first, last, result, init, binary_op);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group>, OutPtr>
joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op) {
  using T = detail::iter_value_t<OutPtr>;
  return detail::joint_scan<true, false>(g, first, last, result, T{}, binary_op);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::is_group_arg_v<Group> && detail::is_collective_value_v<T>, OutPtr>
joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op, T init) {
  return detail::joint_scan<true, true>(g, first, last, result, init, binary_op);
}

// ---- sub_group's extension methods (group.hpp) -----------------------------------------------

template <typename T> T sub_group::shuffle(T x, id_type local_id) const { return select_from_group(*this, x, local_id); }
template <typename T> T sub_group::shuffle_down(T x, std::uint32_t delta) const {
  return shift_group_left(*this, x, delta);
}
template <typename T> T sub_group::shuffle_up(T x, std::uint32_t delta) const {
  return shift_group_right(*this, x, delta);
}
template <typename T> T sub_group::shuffle_xor(T x, id_type mask) const {
  return permute_group_by_xor(*this, x, static_cast<linear_id_type>(mask[0]));
}
template <typename T> T sub_group::broadcast(T x, id_type local_id) const { return group_broadcast(*this, x, local_id); }
template <typename T, typename BinaryOperation> T sub_group::reduce(T x, BinaryOperation op) const {
  return reduce_over_group(*this, x, op);
}
template <typename T, typename BinaryOperation> T sub_group::exclusive_scan(T x, BinaryOperation op) const {
  return exclusive_scan_over_group(*this, x, op);
}
template <typename T, typename BinaryOperation> T sub_group::inclusive_scan(T x, BinaryOperation op) const {
  return inclusive_scan_over_group(*this, x, op);
}

// DPC++'s broadcast from before SYCL 2020 (sycl_ext_oneapi_group_algorithms), now group_broadcast.
namespace ext::oneapi {
template <typename Group, typename T, typename... LocalId>
[[deprecated("use sycl::group_broadcast")]] auto broadcast(Group g, T x, LocalId... local_id)
    -> decltype(group_broadcast(g, x, local_id...)) {
  return group_broadcast(g, x, local_id...);
}
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl
