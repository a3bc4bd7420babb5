// DPC++'s <syclcompat/bindless_image.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/bindless_image.hpp>: ncpu does not implement images and samplers"
