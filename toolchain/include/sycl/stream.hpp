// sycl::stream (SYCL 2020 section 4.16): formatted output from kernels, with its manipulators.
//
// What a work-item writes is kept for that work-item until it writes sycl::flush or sycl::endl
// (or the kernel ends); then the whole chunk is appended to the stream's buffer in one piece, so
// chunks of different work-items never interleave. After the command has run, the host writes
// the buffer to stdout, in the order the chunks were flushed.
//
// Limits: a work-item's text beyond workItemBufferSize since its last flush is dropped, and a
// chunk that no longer fits in what is left of totalBufferSize is dropped whole (no cut lines),
// as the specification allows. Only flushed text counts toward the total.
//
// Where a work-item's pending text lives. The kernel functor, and the stream in it, is shared
// by all work-items, so nothing per work-item can live in the stream object. Instead each
// thread that writes to a stream gets a record (found through a thread_local cache and linked
// into the stream's list with a lock-free push); the record holds one slot per work-item of the
// work-group the thread is running, indexed by local linear id, with the work-item's pending
// text and its formatting state (base, showbase, showpos, float format, precision, width:
// manipulators act on the calling work-item only). Slots survive barriers, since the work-items
// of a group run one after another on the thread between barriers. When the thread starts a
// work-group that is not the record's, the previous group has finished: its pending text is
// flushed and its slots reset. At the end of the command the host flushes what every record
// still holds. (A hierarchical work-group runs as one work-item, hierarchical.hpp, so its
// logical work-items share one slot and its formatting state.) The shared buffer is filled by reserving space with a compare-and-swap on its
// fill level, so flushes from different threads need no lock.
//
// Formatting is written here (integers in bases 8, 10 and 16) or done by snprintf (floating
// point), so device code needs neither iostreams nor locales. Output formats: bool as
// true/false; pointers as 0x followed by hex digits; id and range as {a, b, c}; item, nd_item,
// group and h_item as their name with their ids and ranges, e.g. item(range: {4}, id: {2}).
// setw pads on the left with spaces and applies to the next value only, as in iostreams.
// <ostream> and <iomanip> are included before sycl::flush, sycl::endl and sycl::setw exist, so
// that a program's `using namespace sycl;` cannot change how std::endl finds std::flush.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <memory>
#include <ostream>
#include <type_traits>

#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/work_item.hpp"
#include "group.hpp"
#include "handler.hpp"
#include "half_type.hpp"
#include "hierarchical.hpp"
#include "marray.hpp"
#include "multi_ptr.hpp"
#include "nd_item.hpp"
#include "properties.hpp"
#include "range.hpp"
#include "vec.hpp"

namespace sycl {
inline namespace _V1 {

enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};

inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;

namespace detail {
struct precision_manipulator {
  int precision;
};
struct width_manipulator {
  int width;
};
} // namespace detail

inline detail::precision_manipulator setprecision(int precision) { return {precision}; }
inline detail::width_manipulator setw(int width) { return {width}; }

namespace detail {

// A work-item's formatting flags.
enum stream_flag : unsigned {
  stream_base_mask = 3, // 0 decimal, 1 hexadecimal, 2 octal
  stream_hex = 1,
  stream_oct = 2,
  stream_showbase = 4,
  stream_showpos = 8,
  stream_float_mask = 48, // 0 defaultfloat, then fixed, scientific, hexfloat
  stream_fixed = 16,
  stream_scientific = 32,
  stream_hexfloat = 48,
};
inline constexpr int stream_default_precision = 6;

// One work-item's pending text and formatting state.
struct stream_slot {
  char *text;
  std::size_t length;
  std::size_t allocated;
  unsigned flags;
  int precision;
  int width;
  bool in_use; // by the record's current work-group
};

// One thread's part of one stream: a slot per work-item of the group it is running.
struct stream_record {
  stream_record *next;
  const void *thread;
  std::size_t group; // the group the slots belong to: its first work-item's global linear id
  stream_slot *slots;
  std::size_t slot_count;
  std::size_t *used_slots; // local ids of the slots in use, in the order of first use
  std::size_t used_count;
};

inline constexpr std::size_t no_group = ~std::size_t(0);

// What the stream object points to: the shared output buffer and the records.
struct stream_state {
  std::uint64_t serial; // unique per stream, never 0
  char *buffer;
  std::size_t capacity;
  std::size_t used;
  std::size_t work_item_capacity;
  stream_record *records;
};

// Which record this thread last used, and for which stream.
struct stream_thread_cache {
  std::uint64_t serial;
  stream_record *record;
};
inline thread_local stream_thread_cache thread_stream_record = {0, nullptr};

[[noreturn]] inline void stream_out_of_memory() {
  std::fputs("sycl::stream: out of memory\n", stderr);
  std::abort();
}

// Appends a chunk to the shared buffer, or drops it if it does not fit any more.
inline void stream_emit(stream_state &state, const char *text, std::size_t length) {
  std::size_t used = __atomic_load_n(&state.used, __ATOMIC_RELAXED);
  do {
    if (length > state.capacity - used) return;
  } while (!__atomic_compare_exchange_n(&state.used, &used, used + length, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
  std::memcpy(state.buffer + used, text, length);
}

inline void stream_flush_slot(stream_state &state, stream_slot &slot) {
  if (slot.length != 0) stream_emit(state, slot.text, slot.length);
  slot.length = 0;
}

// Flushes the record's work-group (which has finished) and frees its slots for the next one.
inline void stream_retire_group(stream_state &state, stream_record &record) {
  for (std::size_t i = 0; i < record.used_count; ++i) {
    stream_slot &slot = record.slots[record.used_slots[i]];
    stream_flush_slot(state, slot);
    slot.in_use = false;
  }
  record.used_count = 0;
  record.group = no_group;
}

// This thread's record of `state`, made and published on first use.
[[gnu::noinline]] inline stream_record *stream_find_record(stream_state &state) {
  stream_thread_cache &cache = thread_stream_record;
  const void *self = &cache;
  stream_record *record = __atomic_load_n(&state.records, __ATOMIC_ACQUIRE);
  while (record && record->thread != self) record = record->next;
  if (!record) {
    record = static_cast<stream_record *>(std::calloc(1, sizeof(stream_record)));
    if (!record) stream_out_of_memory();
    record->thread = self;
    record->group = no_group;
    record->next = __atomic_load_n(&state.records, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&state.records, &record->next, record, true, __ATOMIC_RELEASE,
                                        __ATOMIC_RELAXED)) {
    }
  }
  cache = {state.serial, record};
  return record;
}

[[gnu::noinline]] inline void stream_grow_slots(stream_record &record, std::size_t count) {
  auto *slots = static_cast<stream_slot *>(std::realloc(record.slots, count * sizeof(stream_slot)));
  auto *used = static_cast<std::size_t *>(std::realloc(record.used_slots, count * sizeof(std::size_t)));
  if (!slots || !used) stream_out_of_memory();
  std::memset(slots + record.slot_count, 0, (count - record.slot_count) * sizeof(stream_slot));
  record.slots = slots;
  record.used_slots = used;
  record.slot_count = count;
}

// The calling work-item's slot.
inline stream_slot &stream_slot_of(stream_state &state) {
#ifdef __SYCL_DEVICE_ONLY__
  stream_thread_cache &cache = thread_stream_record;
  stream_record &record = cache.serial == state.serial ? *cache.record : *stream_find_record(state);
  // The group's first work-item identifies it (group ids are not unique in range launches,
  // whose remainder groups are numbered by their own size).
  const id<3> origin = query::global_id<3>() - query::global_offset<3>() - query::local_id<3>();
  const std::size_t group = linearize(origin, query::global_range<3>());
  const std::size_t local = query::local_linear_id<3>();
  if (record.group != group) {
    stream_retire_group(state, record);
    record.group = group;
  }
  if (local >= record.slot_count) {
    const std::size_t group_size = query::local_linear_range<3>();
    stream_grow_slots(record, group_size > local ? group_size : local + 1);
  }
  stream_slot &slot = record.slots[local];
  if (!slot.in_use) {
    slot.in_use = true;
    slot.flags = 0;
    slot.precision = stream_default_precision;
    slot.width = 0;
    record.used_slots[record.used_count++] = local;
  }
  return slot;
#else
  (void)state;
  device_only("sycl::stream output");
#endif
}

// Adds text to the work-item's pending chunk, up to the work-item limit.
inline void stream_append(const stream_state &state, stream_slot &slot, const char *text, std::size_t length) {
  const std::size_t room = state.work_item_capacity - slot.length;
  if (length > room) length = room;
  if (length == 0) return;
  if (slot.length + length > slot.allocated) {
    std::size_t size = slot.allocated != 0 ? slot.allocated : 64;
    while (size < slot.length + length) size *= 2;
    if (size > state.work_item_capacity) size = state.work_item_capacity;
    char *text_memory = static_cast<char *>(std::realloc(slot.text, size));
    if (!text_memory) stream_out_of_memory();
    slot.text = text_memory;
    slot.allocated = size;
  }
  std::memcpy(slot.text + slot.length, text, length);
  slot.length += length;
}

// One formatted value: padded to the pending width, which it consumes.
inline void stream_put(const stream_state &state, stream_slot &slot, const char *text, std::size_t length) {
  static constexpr char spaces[] = "                                ";
  std::size_t padding = slot.width > 0 && std::size_t(slot.width) > length ? std::size_t(slot.width) - length : 0;
  slot.width = 0;
  while (padding != 0) {
    const std::size_t piece = padding < sizeof(spaces) - 1 ? padding : sizeof(spaces) - 1;
    stream_append(state, slot, spaces, piece);
    padding -= piece;
  }
  stream_append(state, slot, text, length);
}

// Integers as iostreams print them: the sign (and showpos's '+') only in decimal for signed
// types, other bases show the bits of the type; showbase adds 0x or 0 to non-zero values.
template <typename T> std::size_t format_integer(char (&out)[48], T value, unsigned flags) {
  using U = std::make_unsigned_t<T>;
  const unsigned base_flag = flags & stream_base_mask;
  const unsigned radix = base_flag == stream_hex ? 16 : base_flag == stream_oct ? 8 : 10;
  bool negative = false;
  U magnitude = static_cast<U>(value);
  if constexpr (std::is_signed_v<T>) {
    if (radix == 10 && value < 0) {
      negative = true;
      magnitude = static_cast<U>(U(0) - magnitude);
    }
  }
  char digits[32];
  std::size_t count = 0;
  do {
    digits[count++] = "0123456789abcdef"[magnitude % radix];
    magnitude /= radix;
  } while (magnitude != 0);
  std::size_t length = 0;
  if (negative)
    out[length++] = '-';
  else if (std::is_signed_v<T> && radix == 10 && (flags & stream_showpos))
    out[length++] = '+';
  if ((flags & stream_showbase) && value != 0) {
    if (radix == 16) {
      out[length++] = '0';
      out[length++] = 'x';
    } else if (radix == 8) {
      out[length++] = '0';
    }
  }
  while (count != 0) out[length++] = digits[--count];
  return length;
}

// Floating point through snprintf: %g, %f, %e or %a by the float format, with showpos's '+'.
template <typename T> void put_floating(const stream_state &state, stream_slot &slot, T value) {
  char format[8];
  std::size_t f = 0;
  format[f++] = '%';
  if (slot.flags & stream_showpos) format[f++] = '+';
  const unsigned mode = slot.flags & stream_float_mask;
  if (mode != stream_hexfloat) {
    format[f++] = '.';
    format[f++] = '*';
  }
  if constexpr (std::is_same_v<T, long double>) format[f++] = 'L';
  format[f++] = mode == stream_fixed ? 'f' : mode == stream_scientific ? 'e' : mode == stream_hexfloat ? 'a' : 'g';
  format[f] = '\0';
  using promoted = std::conditional_t<std::is_same_v<T, long double>, long double, double>;
  const promoted v = value;
  char small[128];
  const int needed = mode == stream_hexfloat ? std::snprintf(small, sizeof(small), format, v)
                                             : std::snprintf(small, sizeof(small), format, slot.precision, v);
  if (needed < 0) return;
  if (std::size_t(needed) < sizeof(small)) {
    stream_put(state, slot, small, std::size_t(needed));
    return;
  }
  char *large = static_cast<char *>(std::malloc(std::size_t(needed) + 1));
  if (!large) stream_out_of_memory();
  if (mode == stream_hexfloat)
    std::snprintf(large, std::size_t(needed) + 1, format, v);
  else
    std::snprintf(large, std::size_t(needed) + 1, format, slot.precision, v);
  stream_put(state, slot, large, std::size_t(needed));
  std::free(large);
}

// Text of the SYCL index types, built in a fixed buffer (no value is longer than 512 bytes).
class stream_text {
public:
  stream_text &operator<<(const char *text) {
    while (*text && length_ < sizeof(text_)) text_[length_++] = *text++;
    return *this;
  }
  stream_text &operator<<(std::size_t value) {
    char digits[48];
    const std::size_t count = format_integer(digits, value, 0);
    for (std::size_t i = 0; i < count && length_ < sizeof(text_); ++i) text_[length_++] = digits[i];
    return *this;
  }
  template <typename Array> stream_text &values(const Array &array, int dims) {
    *this << "{";
    for (int i = 0; i < dims; ++i) {
      if (i != 0) *this << ", ";
      *this << std::size_t(array[i]);
    }
    return *this << "}";
  }
  const char *data() const { return text_; }
  std::size_t size() const { return length_; }

private:
  char text_[512];
  std::size_t length_ = 0;
};

// Keeps the state alive until the command has run, then prints and frees it.
class stream_owner {
public:
  stream_owner(std::size_t total, std::size_t work_item) {
    static std::atomic<std::uint64_t> next_serial{1};
    state_ = {next_serial.fetch_add(1, std::memory_order_relaxed), nullptr, total, 0, work_item, nullptr};
    if (total != 0) {
      state_.buffer = static_cast<char *>(std::malloc(total));
      if (!state_.buffer)
        sycl::detail::throw_error(errc::memory_allocation, "cannot allocate the stream's buffer");
    }
  }
  stream_owner(const stream_owner &) = delete;
  stream_owner &operator=(const stream_owner &) = delete;
  ~stream_owner() {
    for (stream_record *record = state_.records; record;) {
      stream_record *next = record->next;
      for (std::size_t i = 0; i < record->slot_count; ++i) std::free(record->slots[i].text);
      std::free(record->slots);
      std::free(record->used_slots);
      std::free(record);
      record = next;
    }
    std::free(state_.buffer);
  }
  stream_state *state() { return &state_; }

  // After the kernel: flush what the work-items left pending, print everything, start over.
  void print() {
    for (stream_record *record = state_.records; record; record = record->next) stream_retire_group(state_, *record);
    if (state_.used != 0) std::fwrite(state_.buffer, 1, state_.used, stdout);
    std::fflush(stdout);
    state_.used = 0;
  }

private:
  stream_state state_;
};

} // namespace detail

class stream {
public:
  NCPU_OWNER_BEFORE
  stream(std::size_t totalBufferSize, std::size_t workItemBufferSize, handler &cgh, const property_list & = {}) {
    auto owner = std::make_shared<detail::stream_owner>(totalBufferSize, workItemBufferSize);
    state_ = owner->state();
    cgh.after_command([owner] { owner->print(); });
  }

  std::size_t size() const noexcept { return state_->capacity; }
  std::size_t get_size() const { return size(); }
  std::size_t get_work_item_buffer_size() const { return state_->work_item_capacity; }
  std::size_t get_max_statement_size() const { return get_work_item_buffer_size(); } // deprecated
  // The calling work-item's settings (kernels only).
  std::size_t get_precision() const { return std::size_t(detail::stream_slot_of(*state_).precision); }
  std::size_t get_width() const { return std::size_t(detail::stream_slot_of(*state_).width); }

  friend bool operator==(const stream &a, const stream &b) { return a.state_ == b.state_; }
  friend bool operator!=(const stream &a, const stream &b) { return a.state_ != b.state_; }

  // Implementation: the shared state the output operators work on.
  detail::stream_state &state() const { return *state_; }

private:
  detail::stream_state *state_;
};

// ---- Output operators ---------------------------------------------------------------------------

inline const stream &operator<<(const stream &os, const char *text) {
  detail::stream_state &state = os.state();
  detail::stream_put(state, detail::stream_slot_of(state), text, std::strlen(text));
  return os;
}

// bool, char (as a character), the other integers (signed char and unsigned char as numbers,
// as DPC++'s stream prints them, unlike std::ostream), and floating point.
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
const stream &operator<<(const stream &os, const T &value) {
  detail::stream_state &state = os.state();
  detail::stream_slot &slot = detail::stream_slot_of(state);
  if constexpr (std::is_same_v<T, bool>) {
    detail::stream_put(state, slot, value ? "true" : "false", value ? 4 : 5);
  } else if constexpr (std::is_same_v<T, char>) {
    const char c = value;
    detail::stream_put(state, slot, &c, 1);
  } else if constexpr (std::is_integral_v<T>) {
    char text[48];
    detail::stream_put(state, slot, text, detail::format_integer(text, value, slot.flags));
  } else {
    detail::put_floating(state, slot, value);
  }
  return os;
}

template <typename T> const stream &operator<<(const stream &os, const T *pointer) {
  detail::stream_state &state = os.state();
  char text[48] = "0x0";
  const std::size_t length =
      pointer == nullptr ? 3
                         : detail::format_integer(text, reinterpret_cast<std::uintptr_t>(pointer),
                                                  detail::stream_hex | detail::stream_showbase);
  detail::stream_put(state, detail::stream_slot_of(state), text, length);
  return os;
}

template <typename ElementType, access::address_space Space, access::decorated IsDecorated>
const stream &operator<<(const stream &os, const multi_ptr<ElementType, Space, IsDecorated> &pointer) {
  return os << static_cast<const ElementType *>(pointer.get());
}

inline const stream &operator<<(const stream &os, stream_manipulator manipulator) {
  detail::stream_state &state = os.state();
  detail::stream_slot &slot = detail::stream_slot_of(state);
  using namespace detail;
  switch (manipulator) {
  case stream_manipulator::flush: stream_flush_slot(state, slot); break;
  case stream_manipulator::endl:
    stream_append(state, slot, "\n", 1);
    stream_flush_slot(state, slot);
    break;
  case stream_manipulator::dec: slot.flags &= ~unsigned(stream_base_mask); break;
  case stream_manipulator::hex: slot.flags = (slot.flags & ~unsigned(stream_base_mask)) | stream_hex; break;
  case stream_manipulator::oct: slot.flags = (slot.flags & ~unsigned(stream_base_mask)) | stream_oct; break;
  case stream_manipulator::showbase: slot.flags |= stream_showbase; break;
  case stream_manipulator::noshowbase: slot.flags &= ~unsigned(stream_showbase); break;
  case stream_manipulator::showpos: slot.flags |= stream_showpos; break;
  case stream_manipulator::noshowpos: slot.flags &= ~unsigned(stream_showpos); break;
  case stream_manipulator::defaultfloat: slot.flags &= ~unsigned(stream_float_mask); break;
  case stream_manipulator::fixed: slot.flags = (slot.flags & ~unsigned(stream_float_mask)) | stream_fixed; break;
  case stream_manipulator::scientific:
    slot.flags = (slot.flags & ~unsigned(stream_float_mask)) | stream_scientific;
    break;
  case stream_manipulator::hexfloat: slot.flags = (slot.flags & ~unsigned(stream_float_mask)) | stream_hexfloat; break;
  }
  return os;
}

inline const stream &operator<<(const stream &os, detail::precision_manipulator manipulator) {
  detail::stream_slot_of(os.state()).precision = manipulator.precision;
  return os;
}

inline const stream &operator<<(const stream &os, detail::width_manipulator manipulator) {
  detail::stream_slot_of(os.state()).width = manipulator.width;
  return os;
}

namespace detail {
inline const stream &put_text(const stream &os, const stream_text &text) {
  stream_state &state = os.state();
  stream_put(state, stream_slot_of(state), text.data(), text.size());
  return os;
}
} // namespace detail

// half prints as the float it converts to exactly; vecs and their swizzles as a, b, c (DPC++'s
// form, which programs' expected output follows) and marrays as {a, b, c}, each element formatted
// as a scalar of its type.
inline const stream &operator<<(const stream &os, half value) { return os << float(value); }
namespace detail {
template <typename Elements> const stream &put_elements(const stream &os, const Elements &elements, int count) {
  for (int i = 0; i < count; ++i) {
    if (i != 0) os << ", ";
    os << elements[i];
  }
  return os;
}
} // namespace detail
template <typename T, int N> const stream &operator<<(const stream &os, const vec<T, N> &value) {
  return detail::put_elements(os, value, N);
}
template <typename VecT, int... Indices>
const stream &operator<<(const stream &os, const detail::swizzled_vec<VecT, Indices...> &value) {
  using vec_type = typename detail::swizzled_vec<VecT, Indices...>::vec_type;
  return os << vec_type(value);
}
template <typename T, std::size_t N> const stream &operator<<(const stream &os, const marray<T, N> &value) {
  os << "{";
  return detail::put_elements(os, value, int(N)) << "}";
}

template <int Dims> const stream &operator<<(const stream &os, const id<Dims> &value) {
  detail::stream_text text;
  text.values(value, Dims);
  return detail::put_text(os, text);
}

template <int Dims> const stream &operator<<(const stream &os, const range<Dims> &value) {
  detail::stream_text text;
  text.values(value, Dims);
  return detail::put_text(os, text);
}

template <int Dims, bool WithOffset> const stream &operator<<(const stream &os, const item<Dims, WithOffset> &value) {
  detail::stream_text text;
  text << "item(range: ";
  text.values(value.get_range(), Dims) << ", id: ";
  text.values(value.get_id(), Dims);
  if constexpr (WithOffset) {
    text << ", offset: ";
    text.values(value.get_offset(), Dims);
  }
  text << ")";
  return detail::put_text(os, text);
}

template <int Dims> const stream &operator<<(const stream &os, const nd_item<Dims> &value) {
  detail::stream_text text;
  text << "nd_item(global_id: ";
  text.values(value.get_global_id(), Dims) << ", local_id: ";
  text.values(value.get_local_id(), Dims) << ")";
  return detail::put_text(os, text);
}

template <int Dims> const stream &operator<<(const stream &os, const group<Dims> &value) {
  detail::stream_text text;
  text << "group(group_id: ";
  text.values(value.get_group_id(), Dims) << ", group_range: ";
  text.values(value.get_group_range(), Dims) << ", local_range: ";
  text.values(value.get_local_range(), Dims) << ")";
  return detail::put_text(os, text);
}

template <int Dims> const stream &operator<<(const stream &os, const nd_range<Dims> &value) {
  detail::stream_text text;
  text << "nd_range(global_range: ";
  text.values(value.get_global_range(), Dims) << ", local_range: ";
  text.values(value.get_local_range(), Dims) << ", offset: ";
  text.values(value.get_offset(), Dims) << ")";
  return detail::put_text(os, text);
}

// On five lines, its global, logical local and physical local items, as DPC++ prints it.
template <int Dims> const stream &operator<<(const stream &os, const h_item<Dims> &value) {
  detail::stream_text text;
  const auto item_line = [&](const char *name, const auto &item) {
    text << "\n  " << name << " item(range: ";
    text.values(item.get_range(), Dims) << ", id: ";
    text.values(item.get_id(), Dims) << ")";
  };
  text << "h_item(";
  item_line("global", value.get_global());
  item_line("logical local", value.get_logical_local());
  item_line("physical local", value.get_physical_local());
  text << "\n)";
  return detail::put_text(os, text);
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::stream> {
  std::size_t operator()(const sycl::stream &s) const { return std::hash<const void *>()(&s.state()); }
};
