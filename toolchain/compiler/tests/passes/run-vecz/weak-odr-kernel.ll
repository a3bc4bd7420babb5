; run-vecz: a weak_odr kernel (kernel-linkage makes every kernel so; DPC++'s front-end too) whose
; by-value functor the front-end did not mark readonly (-O0) is still vectorized: the linked
; device module is final, so the preparation makes the kernel's definition exact (external),
; and function-attrs then finds that it only reads the functor. Left weak_odr, LLVM infers
; nothing from its body and the vectorizer refuses a kernel that might write its argument.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

%struct.Functor = type { ptr, float }

; CHECK: remark: _ZTS4Fill: vectorized at width 4
; CHECK: define spir_kernel void @_ZTS4Fill(ptr noundef readonly byval(%struct.Functor) align 8 captures(none) %f) #0 !codeplay_ca_vecz.base
; CHECK: define internal void @__vecz_v4__ZTS4Fill(

declare i64 @__mux_get_global_id(i32)

define weak_odr spir_kernel void @_ZTS4Fill(ptr noundef byval(%struct.Functor) align 8 %f) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %out = load ptr, ptr %f, align 8
  %value.addr = getelementptr inbounds nuw i8, ptr %f, i64 8
  %value = load float, ptr %value.addr, align 8
  %slot = getelementptr inbounds float, ptr %out, i64 %gid
  store float %value, ptr %slot, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
