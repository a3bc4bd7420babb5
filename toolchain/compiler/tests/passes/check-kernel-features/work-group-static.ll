; A work_group_static variable with internal linkage is not refused although its address is
; used other than by a load: it only names the variable's work-group local memory for
; `__nativecpu_work_group_static` (docs/kernel-features.md, "Work-group static variables"),
; directly or, at -O0, through the slot an inlined accessor keeps `this` in. Another internal
; variable stored the same way is still refused (the second RUN line turns the first into it).
; RUN: muxc --passes check-kernel-features -S %s | FileCheck %s
; RUN: sed 's/__nativecpu_work_group_static(ptr %%this/other(ptr %%this/' %s | not muxc --passes check-kernel-features 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REFUSED

; CHECK-LABEL: define spir_kernel void @Static(
; REFUSED: kernel 'Static' writes 'tile', a variable with internal linkage

%class.static = type { i8 }

@_ZL4tile = internal global %class.static zeroinitializer, align 1
@_ZL5total = internal global %class.static zeroinitializer, align 1

define spir_kernel void @Static() {
entry:
  %this.slot = alloca ptr, align 8
  store ptr @_ZL4tile, ptr %this.slot, align 8
  %this = load ptr, ptr %this.slot, align 8
  %a = call ptr @__nativecpu_work_group_static(ptr %this, i64 160, i64 4)
  store i32 1, ptr %a, align 4
  %b = call ptr @__nativecpu_work_group_static(ptr @_ZL5total, i64 4, i64 4)
  store i32 2, ptr %b, align 4
  ret void
}

declare ptr @__nativecpu_work_group_static(ptr, i64, i64)
declare ptr @other(ptr, i64, i64)
