// DPC++'s <sycl/properties/image_properties.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/properties/image_properties.hpp>: ncpu does not implement images and samplers"
