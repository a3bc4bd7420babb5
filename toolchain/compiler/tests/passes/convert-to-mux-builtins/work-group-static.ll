; convert-to-mux-builtins: `__nativecpu_work_group_static(variable, size, alignment)`
; (work_group_static) gives each variable one internal `addrspace(3)` global
; `<variable>.work_group_static` of that size and alignment, which every call naming the variable
; uses: in the kernel and in a helper, directly or, as unoptimised code passes `this`, through
; local slots holding only its address. Two variables get two globals. A local variable (an
; alloca, which DPC++ treats as static too) gets `<function>.<alloca>.work_group_static`. A
; variable reached through anything else (here a parameter) fails the compilation, naming the
; function.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s
; RUN: sed 's/ptr %%this.slot, align 8$/ptr %%unknown, align 8/' %s | not muxc --passes convert-to-mux-builtins -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERROR

; CHECK: @tile = internal global %class.static zeroinitializer, align 1
; CHECK-NEXT: @total = global %class.static zeroinitializer, align 1
; CHECK-NEXT: @tile.work_group_static = internal addrspace(3) global [160 x i8] poison, align 4
; CHECK-NEXT: @total.work_group_static = internal addrspace(3) global [4 x i8] poison, align 4
; CHECK-NEXT: @_Z6helperv.local.work_group_static = internal addrspace(3) global [8 x i8] poison, align 8
; CHECK-NOT: work_group_static = internal

; CHECK-LABEL: define spir_kernel void @_ZTS6Static(ptr %unknown)
; CHECK-NEXT: entry:
; CHECK-NEXT: %this.slot = alloca ptr, align 8
; CHECK-NEXT: %inner.slot = alloca ptr, align 8
; CHECK-NEXT: store i32 1, ptr addrspacecast (ptr addrspace(3) @tile.work_group_static to ptr), align 4
; CHECK-NEXT: store ptr @tile, ptr %this.slot, align 8
; CHECK-NEXT: %this = load ptr, ptr %this.slot, align 8
; CHECK-NEXT: store ptr %this, ptr %inner.slot, align 8
; CHECK-NEXT: %inner = load ptr, ptr %inner.slot, align 8
; CHECK-NEXT: store i32 2, ptr addrspacecast (ptr addrspace(3) @tile.work_group_static to ptr), align 4
; CHECK-NEXT: store i32 3, ptr addrspacecast (ptr addrspace(3) @total.work_group_static to ptr), align 4
; CHECK-NEXT: ret void

; CHECK-LABEL: define spir_func void @_Z6helperv()
; CHECK-NEXT: entry:
; CHECK-NEXT: %local = alloca i8, align 1
; CHECK-NEXT: store i32 4, ptr addrspacecast (ptr addrspace(3) @total.work_group_static to ptr), align 4
; CHECK-NEXT: store i64 5, ptr addrspacecast (ptr addrspace(3) @_Z6helperv.local.work_group_static to ptr), align 8
; CHECK-NEXT: ret void

; CHECK-NOT: __nativecpu_work_group_static

; ERROR: muxc: error: in function '_ZTS6Static': a work_group_static variable is reached through a pointer the compiler cannot follow

source_filename = "static.cpp"
target triple = "x86_64-pc-linux-gnu"

%class.static = type { i8 }

@tile = internal global %class.static zeroinitializer, align 1
@total = global %class.static zeroinitializer, align 1

define spir_kernel void @_ZTS6Static(ptr %unknown) {
entry:
  %this.slot = alloca ptr, align 8
  %inner.slot = alloca ptr, align 8
  %a = call ptr @__nativecpu_work_group_static(ptr @tile, i64 160, i64 4)
  store i32 1, ptr %a, align 4
  store ptr @tile, ptr %this.slot, align 8
  %this = load ptr, ptr %this.slot, align 8
  store ptr %this, ptr %inner.slot, align 8
  %inner = load ptr, ptr %inner.slot, align 8
  %b = call ptr @__nativecpu_work_group_static(ptr %inner, i64 160, i64 4)
  store i32 2, ptr %b, align 4
  %c = call ptr @__nativecpu_work_group_static(ptr @total, i64 4, i64 4)
  store i32 3, ptr %c, align 4
  ret void
}

define spir_func void @_Z6helperv() {
entry:
  %local = alloca i8, align 1
  %d = call ptr @__nativecpu_work_group_static(ptr @total, i64 4, i64 4)
  store i32 4, ptr %d, align 4
  %e = call ptr @__nativecpu_work_group_static(ptr %local, i64 8, i64 8)
  store i64 5, ptr %e, align 8
  ret void
}

declare ptr @__nativecpu_work_group_static(ptr, i64, i64)
