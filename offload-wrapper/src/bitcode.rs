//! Writes the wrapper as LLVM bitcode (`-o <file>.bc`), as intel/llvm's `clang-offload-wrapper`
//! does: the globals of [`crate::layout`] as IR constants of its struct types
//! (`__nativecpu_entry`, `__tgt_offload_entry`, `_pi_device_binary_property_struct`,
//! `_pi_device_binary_property_set_struct`, `__tgt_device_image`, `__tgt_bin_desc`), the kernel
//! declarations, and `sycl.descriptor_reg`/`_unreg` in `llvm.global_ctors`/`llvm.global_dtors`
//! with priority 1. The module carries the `-host=` triple and the data layout of a
//! TargetMachine for it; compiling it (`clang -c`) gives an object equivalent to the one
//! [`crate::elf`] writes.

use std::collections::HashMap;

use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::types::{BasicType, BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, GlobalValue, UnnamedAddress};
use inkwell::{AddressSpace, OptimizationLevel};

use crate::image::DeviceImage;
use crate::layout::{
    describe, Backend, Config, Field, HostArch, Record, Shape, Signature, Value, IMAGE_INFO,
    IMAGE_INFO_ALIGN, REGISTRATION_PRIORITY, STARTUP_TEXT,
};
use crate::WrapperError;

/// Writes the wrapper bitcode for `images`, in order, for the host `triple` (whose architecture
/// is `config.arch`); without one, for LLVM's default (process) triple, as intel/llvm's wrapper
/// does. The module is verified before it is written.
pub fn write_bitcode(
    images: &[DeviceImage],
    config: &Config,
    triple: Option<&str>,
) -> Result<Vec<u8>, WrapperError> {
    let triple = match triple {
        Some(triple) => TargetTriple::create(triple),
        None => TargetMachine::get_default_triple(),
    };
    let error = |message: String| WrapperError::Bitcode {
        triple: triple.as_str().to_string_lossy().into_owned(),
        message,
    };
    let machine = target_machine(config.arch, &triple).map_err(error)?;
    let context = Context::create();
    let module = context.create_module("offload-wrapper");
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    let mut writer = IrWriter {
        context: &context,
        module,
        types: HashMap::new(),
        ctors: Vec::new(),
        dtors: Vec::new(),
        used: Vec::new(),
    };
    describe(images, config, &mut writer)?;
    writer.finish();
    writer
        .module
        .verify()
        .map_err(|message| error(format!("the module does not verify: {message}")))?;
    Ok(writer.module.write_bitcode_to_memory().as_slice().to_vec())
}

/// A TargetMachine for the host, for its data layout.
fn target_machine(arch: HostArch, triple: &TargetTriple) -> Result<TargetMachine, String> {
    let config = InitializationConfig::default();
    match arch {
        HostArch::X86_64 => Target::initialize_x86(&config),
        HostArch::Aarch64 => Target::initialize_aarch64(&config),
    }
    let target = Target::from_triple(triple).map_err(|e| e.to_string())?;
    target
        .create_target_machine(
            triple,
            "generic",
            "",
            OptimizationLevel::Default,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| "LLVM cannot create a target machine for it".to_owned())
}

/// A global (or function) and the type of its value, which addresses index into.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Global<'ctx> {
    value: GlobalValue<'ctx>,
    value_type: Option<BasicTypeEnum<'ctx>>,
    function: Option<FunctionValue<'ctx>>,
}

struct IrWriter<'ctx> {
    context: &'ctx Context,
    module: Module<'ctx>,
    /// The named struct types, created when first used.
    types: HashMap<Shape, StructType<'ctx>>,
    ctors: Vec<FunctionValue<'ctx>>,
    dtors: Vec<FunctionValue<'ctx>>,
    /// `llvm.used`.
    used: Vec<GlobalValue<'ctx>>,
}

impl<'ctx> IrWriter<'ctx> {
    fn field_type(&self, field: Field) -> BasicTypeEnum<'ctx> {
        let context = self.context;
        match field {
            Field::U8 => context.i8_type().into(),
            Field::U16 => context.i16_type().into(),
            Field::U32 => context.i32_type().into(),
            Field::U64 => context.i64_type().into(),
            Field::Ptr => context.ptr_type(AddressSpace::default()).into(),
        }
    }

    fn struct_type(&mut self, shape: Shape) -> StructType<'ctx> {
        if let Some(&ty) = self.types.get(&shape) {
            return ty;
        }
        let fields: Vec<_> = shape.fields().iter().map(|&f| self.field_type(f)).collect();
        let ty = match shape.type_name() {
            Some(name) => {
                let ty = self.context.opaque_struct_type(name);
                ty.set_body(&fields, false);
                ty
            }
            None => self.context.struct_type(&fields, false),
        };
        self.types.insert(shape, ty);
        ty
    }

    /// A field value as an IR constant; an address is `getelementptr inbounds (T, @g, 0, index)`.
    fn value(&self, value: Value<Global<'ctx>>, field: Field) -> BasicValueEnum<'ctx> {
        debug_assert_eq!(value.field(), field);
        let i64_type = self.context.i64_type();
        match value {
            Value::Null => self
                .context
                .ptr_type(AddressSpace::default())
                .const_null()
                .into(),
            Value::Address(global, index) => {
                let pointer = global.value.as_pointer_value();
                match global.value_type {
                    Some(ty) => {
                        let indexes = [i64_type.const_zero(), i64_type.const_int(index, false)];
                        // SAFETY: the indexes stay within (or one past the end of) the array.
                        unsafe { pointer.const_in_bounds_gep(ty, &indexes) }.into()
                    }
                    None => pointer.into(),
                }
            }
            other => {
                let integer = other.integer().unwrap_or_default();
                match self.field_type(field) {
                    BasicTypeEnum::IntType(ty) => ty.const_int(integer, false).into(),
                    _ => unreachable!("an integer field has an integer type"),
                }
            }
        }
    }

    fn record(&mut self, shape: Shape, record: &Record<Global<'ctx>>) -> BasicValueEnum<'ctx> {
        debug_assert_eq!(record.len(), shape.fields().len());
        let ty = self.struct_type(shape);
        let values: Vec<_> = record
            .iter()
            .zip(shape.fields())
            .map(|(&value, &field)| self.value(value, field))
            .collect();
        ty.const_named_struct(&values).into()
    }

    /// An internal constant global initialized with `init`.
    fn constant(
        &self,
        name: &str,
        init: &dyn BasicValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
    ) -> Global<'ctx> {
        let global = self.module.add_global(ty, None, name);
        global.set_initializer(init);
        global.set_constant(true);
        global.set_linkage(Linkage::Internal);
        debug_assert_eq!(global.get_name().to_str(), Ok(name), "names are unique");
        Global {
            value: global,
            value_type: Some(ty),
            function: None,
        }
    }

    /// `llvm.global_ctors`/`llvm.global_dtors` and `llvm.used`, as `appendToGlobalCtors` and
    /// `appendToUsed` write them.
    fn finish(&self) {
        let ptr = self.context.ptr_type(AddressSpace::default());
        let i32_type = self.context.i32_type();
        let entry = self
            .context
            .struct_type(&[i32_type.into(), ptr.into(), ptr.into()], false);
        for (name, functions) in [
            ("llvm.global_ctors", &self.ctors),
            ("llvm.global_dtors", &self.dtors),
        ] {
            if functions.is_empty() {
                continue;
            }
            let entries: Vec<_> = functions
                .iter()
                .map(|f| {
                    entry.const_named_struct(&[
                        i32_type
                            .const_int(REGISTRATION_PRIORITY.into(), false)
                            .into(),
                        f.as_global_value().as_pointer_value().into(),
                        ptr.const_null().into(),
                    ])
                })
                .collect();
            let array = entry.const_array(&entries);
            let global = self.module.add_global(array.get_type(), None, name);
            global.set_initializer(&array);
            global.set_linkage(Linkage::Appending);
        }
        if !self.used.is_empty() {
            let pointers: Vec<_> = self.used.iter().map(|g| g.as_pointer_value()).collect();
            let array = ptr.const_array(&pointers);
            let global = self.module.add_global(array.get_type(), None, "llvm.used");
            global.set_initializer(&array);
            global.set_linkage(Linkage::Appending);
            global.set_section(Some("llvm.metadata"));
        }
    }
}

impl<'ctx> Backend for IrWriter<'ctx> {
    type Global = Global<'ctx>;

    fn string(&mut self, name: &str, text: &str) -> Global<'ctx> {
        let init = self.context.const_string(text.as_bytes(), true);
        let global = self.constant(name, &init, init.get_type().as_basic_type_enum());
        global.value.set_unnamed_address(UnnamedAddress::Global);
        global
    }

    fn bytes(&mut self, name: &str, bytes: &[u8]) -> Global<'ctx> {
        let init = self.context.const_string(bytes, false);
        let global = self.constant(name, &init, init.get_type().as_basic_type_enum());
        global.value.set_unnamed_address(UnnamedAddress::Global);
        global
    }

    fn array(
        &mut self,
        name: &str,
        shape: Shape,
        records: Vec<Record<Global<'ctx>>>,
    ) -> Global<'ctx> {
        let ty = self.struct_type(shape);
        let values: Vec<_> = records
            .iter()
            .map(|record| self.record(shape, record).into_struct_value())
            .collect();
        let init = ty.const_array(&values);
        self.constant(name, &init, init.get_type().as_basic_type_enum())
    }

    fn descriptor(
        &mut self,
        name: &str,
        exported: bool,
        record: Record<Global<'ctx>>,
    ) -> Global<'ctx> {
        let init = self.record(Shape::Descriptor, &record);
        let global = self.constant(name, &init, init.get_type());
        // Made external after being created internal, it stays `dso_local`: this module's
        // registration functions refer to its own descriptor, as the object's do (through the
        // section), even in a shared library where another module could preempt the name.
        if exported {
            global.value.set_linkage(Linkage::External);
        }
        global
    }

    /// `[2 x i64] [ptrtoint BinaryStart, size]` in `.tgtimg`, aligned to 16, in `llvm.used`.
    fn image_info(&mut self, name: &str, record: Record<Global<'ctx>>) -> Global<'ctx> {
        let i64_type = self.context.i64_type();
        let values: Vec<_> = record
            .iter()
            .zip(Shape::ImageInfo.fields())
            .map(|(&value, &field)| match self.value(value, field) {
                BasicValueEnum::PointerValue(pointer) => pointer.const_to_int(i64_type),
                BasicValueEnum::IntValue(integer) => integer,
                _ => unreachable!("image info fields are pointers and integers"),
            })
            .collect();
        let init = i64_type.const_array(&values);
        let global = self.constant(name, &init, init.get_type().as_basic_type_enum());
        global.value.set_section(Some(IMAGE_INFO));
        global.value.set_alignment(IMAGE_INFO_ALIGN as u32);
        self.used.push(global.value);
        global
    }

    fn function(&mut self, name: &str, signature: Signature) -> Global<'ctx> {
        let ptr = self.context.ptr_type(AddressSpace::default());
        let void = self.context.void_type();
        let ty = match signature {
            Signature::Subhandler => void.fn_type(&[ptr.into(), ptr.into()], false),
            Signature::Builtin => ptr.fn_type(&[ptr.into()], false),
            Signature::Registration => void.fn_type(&[ptr.into()], false),
        };
        let function = self.module.add_function(name, ty, None);
        debug_assert_eq!(function.get_name().to_str(), Ok(name), "names are unique");
        Global {
            value: function.as_global_value(),
            value_type: None,
            function: Some(function),
        }
    }

    fn startup_function(
        &mut self,
        name: &str,
        callee: Global<'ctx>,
        descriptor: Global<'ctx>,
        destructor: bool,
    ) {
        let ty = self.context.void_type().fn_type(&[], false);
        let function = self.module.add_function(name, ty, Some(Linkage::Internal));
        function.set_section(Some(STARTUP_TEXT));
        let builder = self.context.create_builder();
        builder.position_at_end(self.context.append_basic_block(function, "entry"));
        let callee = callee.function.expect("the callee is a function");
        let argument = descriptor.value.as_pointer_value();
        builder
            .build_call(callee, &[argument.into()], "")
            .and_then(|_| builder.build_return(None))
            .expect("the builder is positioned in a block");
        if destructor {
            self.dtors.push(function);
        } else {
            self.ctors.push(function);
        }
    }
}
