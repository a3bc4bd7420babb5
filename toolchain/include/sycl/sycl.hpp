// The SYCL 2020 interface of the Native CPU toolchain. Include this header; the others are its
// parts.
#pragma once

#include "detail/defines.hpp"
#include "exception.hpp"
#include "properties.hpp"
#include "range.hpp"
#include "device.hpp"
#include "event.hpp"
#include "usm.hpp"
#include "buffer.hpp"
#include "accessor.hpp"
#include "handler.hpp"
#include "queue.hpp"
