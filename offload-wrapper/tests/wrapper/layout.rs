//! The object's contents, read back with goblin: symbols, every pointer slot's relocation, the
//! descriptor and image structs, property values, registration code and sections.

use goblin::elf::reloc::{
    R_AARCH64_ABS64, R_AARCH64_ADD_ABS_LO12_NC, R_AARCH64_ADR_PREL_PG_HI21, R_AARCH64_JUMP26,
    R_X86_64_64, R_X86_64_PC32, R_X86_64_PLT32,
};
use goblin::elf::section_header::{
    SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_FINI_ARRAY, SHT_INIT_ARRAY, SHT_PROGBITS,
};
use goblin::elf::sym::{STB_GLOBAL, STB_LOCAL, STT_FUNC, STT_OBJECT};
use offload_wrapper::{write_object, Config, DeviceImage, HostArch, ImageFormat, ImageSettings};

use crate::common::{
    arg, image_0_properties, strings, wrap_native_cpu_batch, wrap_ok, ElfFile, Fixture, Slot,
    IMAGE_0_REQD,
};

const SHF_GNU_RETAIN: u64 = 0x20_0000;

/// Kernels of image 0: a plain one, a builtin and an already-suffixed kernel, which keep their
/// names (docs/formats.md).
const KERNELS_0: [&str; 3] = [
    "_ZTS10SimpleVadd",
    "__dpcpp_nativecpu_get_global_id",
    "_ZTS3Foo.NativeCPUKernel",
];
const KERNELS_1: [&str; 2] = ["_ZTS10SimpleVadd", "_ZTS4Test"];

/// Two rows: image 0 with properties, image 1 with a manifest and no properties. Returns the
/// table path.
fn two_image_table(fx: &Fixture) -> std::path::PathBuf {
    let code0 = fx.code("k_0.bc", 1234, &KERNELS_0, &[IMAGE_0_REQD]);
    let code1 = fx.code("k_1.bc", 177, &KERNELS_1, &[]);
    let sym0 = fx.symbols("k_0.sym", &KERNELS_0);
    let sym1 = fx.symbols("k_1.sym", &KERNELS_1);
    let prop0 = fx.properties("k_0.prop", &image_0_properties());
    let manifest1 = fx.write("k_1.mnf", "manifest!");
    fx.table(
        "k.table",
        &["Code", "Properties", "Symbols", "Manifest"],
        &[
            vec![arg(&code0), arg(&prop0), arg(&sym0), String::new()],
            vec![arg(&code1), String::new(), arg(&sym1), arg(&manifest1)],
        ],
    )
}

fn wrap_two_images(extra: &[&str]) -> (Fixture, ElfFile) {
    let fx = Fixture::new();
    let table = two_image_table(&fx);
    let out = fx.path("wrapper.o");
    let mut args = strings(&[
        "-o",
        &arg(&out),
        "-host=x86_64-unknown-linux-gnu",
        "-kind=sycl",
    ]);
    args.extend(strings(extra));
    args.extend(strings(&["-target=native_cpu", "-batch", &arg(&table)]));
    wrap_ok(fx.dir.path(), &args);
    let elf = ElfFile::read(&out);
    (fx, elf)
}

#[test]
fn globals_are_named_as_llvm_names_the_wrapper_module() {
    let (_fx, elf) = wrap_two_images(&[]);
    let defined: Vec<String> = elf
        .symbols()
        .into_iter()
        .filter(|s| !s.undefined && s.bind == STB_LOCAL && !s.name.is_empty())
        .map(|s| s.name)
        .collect();
    // One module-wide counter for repeated names, in intel/llvm's creation order.
    let expected = [
        ".sycl_offloading.target.0",
        ".sycl_offloading.opts.compile.0",
        ".sycl_offloading.opts.link.0",
        "prop",
        "__sycl_offload_prop_sets_arr",
        "SYCL_PropSetName",
        "prop.1",
        "prop_val",
        "__sycl_offload_prop_sets_arr.2",
        "SYCL_PropSetName.3",
        "SYCL_PropSetName.4",
        "__sycl_offload_prop_sets_arr.5",
        "__ncpu_function_name",
        "__ncpu_function_name.6",
        "__ncpu_function_name.7",
        "__ncpu_end_str",
        "__sycl_native_cpu_decls",
        "__sycl_offload_entry_name",
        "__sycl_offload_entry_name.8",
        "__sycl_offload_entry_name.9",
        "__sycl_offload_entries_arr",
        ".sycl_offloading.0.info",
        ".sycl_offloading.target.1",
        ".sycl_offloading.opts.compile.1",
        ".sycl_offloading.opts.link.1",
        ".sycl_offloading.1.manifest",
        "__ncpu_function_name.10",
        "__ncpu_function_name.11",
        "__sycl_native_cpu_decls.12",
        "__sycl_offload_entry_name.13",
        "__sycl_offload_entry_name.14",
        "__sycl_offload_entries_arr.15",
        ".sycl_offloading.1.info",
        ".sycl_offloading.device_images",
        ".sycl_offloading.descriptor",
        "sycl.descriptor_reg",
        "sycl.descriptor_unreg",
    ];
    assert_eq!(defined, expected);
}

#[test]
fn kernels_are_undefined_globals_with_the_native_cpu_suffix_rule() {
    let (_fx, elf) = wrap_two_images(&[]);
    let undefined: Vec<String> = elf
        .symbols()
        .into_iter()
        .filter(|s| s.undefined)
        .inspect(|s| assert_eq!(s.bind, STB_GLOBAL, "{}", s.name))
        .map(|s| s.name)
        .collect();
    // A kernel listed by both images is declared once.
    assert_eq!(
        undefined,
        [
            "_ZTS10SimpleVadd.SYCLNCPU",
            "__dpcpp_nativecpu_get_global_id",
            "_ZTS3Foo.NativeCPUKernel",
            "_ZTS4Test.SYCLNCPU",
            "__sycl_register_lib",
            "__sycl_unregister_lib",
        ]
    );
    // Everything the object defines is local: it exports nothing by default.
    for symbol in elf
        .symbols()
        .iter()
        .filter(|s| !s.undefined && !s.name.is_empty())
    {
        assert_eq!(symbol.bind, STB_LOCAL, "{}", symbol.name);
    }
}

#[test]
fn native_cpu_decls_pair_original_names_with_suffixed_functions() {
    let (_fx, elf) = wrap_two_images(&[]);
    let decls = elf.symbol("__sycl_native_cpu_decls");
    assert_eq!(decls.section.as_deref(), Some(".data.rel.ro"));
    assert_eq!(decls.typ, STT_OBJECT);
    assert_eq!(decls.size, (KERNELS_0.len() as u64 + 1) * 16);
    let functions = [
        "_ZTS10SimpleVadd.SYCLNCPU",
        "__dpcpp_nativecpu_get_global_id",
        "_ZTS3Foo.NativeCPUKernel",
    ];
    let names = [
        "__ncpu_function_name",
        "__ncpu_function_name.6",
        "__ncpu_function_name.7",
    ];
    for (i, kernel) in KERNELS_0.iter().enumerate() {
        let at = i as u64 * 16;
        assert_eq!(
            elf.slot("__sycl_native_cpu_decls", at),
            Slot::to(names[i], 0)
        );
        assert_eq!(elf.slot_string("__sycl_native_cpu_decls", at), *kernel);
        assert_eq!(
            elf.slot("__sycl_native_cpu_decls", at + 8),
            Slot::to(functions[i], 0)
        );
    }
    // The terminator: {"__nativecpu_end", null}.
    let end = KERNELS_0.len() as u64 * 16;
    assert_eq!(
        elf.slot("__sycl_native_cpu_decls", end),
        Slot::to("__ncpu_end_str", 0)
    );
    assert_eq!(elf.string("__ncpu_end_str"), "__nativecpu_end");
    assert_eq!(elf.slot("__sycl_native_cpu_decls", end + 8), Slot::Null);

    // Image 1 shares the declaration of the kernel both images list, and the end string.
    let decls1 = "__sycl_native_cpu_decls.12";
    assert_eq!(elf.symbol(decls1).size, 3 * 16);
    assert_eq!(elf.slot_string(decls1, 0), "_ZTS10SimpleVadd");
    assert_eq!(
        elf.slot(decls1, 8),
        Slot::to("_ZTS10SimpleVadd.SYCLNCPU", 0)
    );
    assert_eq!(elf.slot(decls1, 24), Slot::to("_ZTS4Test.SYCLNCPU", 0));
    assert_eq!(elf.slot(decls1, 32), Slot::to("__ncpu_end_str", 0));
    assert_eq!(elf.slot(decls1, 40), Slot::Null);
}

#[test]
fn device_image_structs_point_at_everything() {
    let (_fx, elf) = wrap_two_images(&["-compile-opts=-O3", "-link-opts=-g", "-format=native"]);
    let images = ".sycl_offloading.device_images";
    assert_eq!(elf.symbol(images).size, 2 * 96);

    // Image 0.
    assert_eq!(elf.u16_at(images, 0), 2, "version");
    assert_eq!(elf.data(images)[2], 4, "kind SYCL");
    assert_eq!(elf.data(images)[3], 1, "format native");
    assert_eq!(elf.data(images)[4..8], [0; 4], "padding");
    assert_eq!(
        elf.slot(images, 8),
        Slot::to(".sycl_offloading.target.0", 0)
    );
    assert_eq!(elf.string(".sycl_offloading.target.0"), "native_cpu");
    assert_eq!(elf.slot_string(images, 16), "-O3");
    assert_eq!(elf.slot_string(images, 24), "-g");
    assert_eq!(elf.slot(images, 32), Slot::Null, "manifest start");
    assert_eq!(elf.slot(images, 40), Slot::Null, "manifest end");
    let k = KERNELS_0.len() as i64;
    assert_eq!(elf.slot(images, 48), Slot::to("__sycl_native_cpu_decls", 0));
    assert_eq!(
        elf.slot(images, 56),
        Slot::to("__sycl_native_cpu_decls", (k + 1) * 16)
    );
    assert_eq!(
        elf.slot(images, 64),
        Slot::to("__sycl_offload_entries_arr", 0)
    );
    assert_eq!(
        elf.slot(images, 72),
        Slot::to("__sycl_offload_entries_arr", k * 32)
    );
    assert_eq!(
        elf.slot(images, 80),
        Slot::to("__sycl_offload_prop_sets_arr.5", 0)
    );
    assert_eq!(
        elf.slot(images, 88),
        Slot::to("__sycl_offload_prop_sets_arr.5", 3 * 24)
    );

    // Image 1: manifest embedded, no property sets.
    assert_eq!(elf.u16_at(images, 96), 2);
    assert_eq!(
        elf.slot(images, 96 + 8),
        Slot::to(".sycl_offloading.target.1", 0)
    );
    assert_eq!(elf.data(".sycl_offloading.1.manifest"), b"manifest!");
    assert_eq!(
        elf.slot(images, 96 + 32),
        Slot::to(".sycl_offloading.1.manifest", 0)
    );
    assert_eq!(
        elf.slot(images, 96 + 40),
        Slot::to(".sycl_offloading.1.manifest", 9)
    );
    assert_eq!(
        elf.slot(images, 96 + 48),
        Slot::to("__sycl_native_cpu_decls.12", 0)
    );
    assert_eq!(
        elf.slot(images, 96 + 56),
        Slot::to("__sycl_native_cpu_decls.12", 3 * 16)
    );
    assert_eq!(
        elf.slot(images, 96 + 64),
        Slot::to("__sycl_offload_entries_arr.15", 0)
    );
    assert_eq!(
        elf.slot(images, 96 + 72),
        Slot::to("__sycl_offload_entries_arr.15", 2 * 32)
    );
    assert_eq!(elf.slot(images, 96 + 80), Slot::Null);
    assert_eq!(elf.slot(images, 96 + 88), Slot::Null);
}

#[test]
fn offload_entries_are_five_field_entries_named_by_the_sym_lines() {
    let (_fx, elf) = wrap_two_images(&[]);
    let entries = "__sycl_offload_entries_arr";
    assert_eq!(elf.symbol(entries).size, 3 * 32);
    for (i, kernel) in KERNELS_0.iter().enumerate() {
        let at = i as u64 * 32;
        assert_eq!(elf.slot(entries, at), Slot::Null, "addr");
        assert_eq!(elf.slot_string(entries, at + 8), *kernel, "name");
        let data = elf.data(entries);
        assert_eq!(
            data[at as usize + 16..at as usize + 32],
            [0; 16],
            "size, flags, reserved"
        );
    }
    assert_eq!(
        elf.slot(entries, 8),
        Slot::to("__sycl_offload_entry_name", 0),
        "names are their own strings, not the kernel-table ones"
    );
}

#[test]
fn property_sets_carry_values_as_the_runtime_reads_them() {
    let (_fx, elf) = wrap_two_images(&[]);
    let sets = "__sycl_offload_prop_sets_arr.5";
    assert_eq!(elf.symbol(sets).size, 3 * 24);

    // Set 0: an integer, carried in ValSize with a null ValAddr.
    assert_eq!(elf.slot_string(sets, 0), "SYCL/misc properties");
    assert_eq!(
        elf.slot(sets, 8),
        Slot::to("__sycl_offload_prop_sets_arr", 0)
    );
    assert_eq!(
        elf.slot(sets, 16),
        Slot::to("__sycl_offload_prop_sets_arr", 32)
    );
    let props = "__sycl_offload_prop_sets_arr";
    assert_eq!(elf.slot_string(props, 0), "optLevel");
    assert_eq!(elf.slot(props, 8), Slot::Null);
    assert_eq!(elf.u32_at(props, 16), 1, "type UINT32");
    assert_eq!(elf.u32_at(props, 20), 0, "padding");
    assert_eq!(elf.u64_at(props, 24), 2, "the value");

    // Set 1: a byte array, embedded with its 8-byte bit-count header.
    assert_eq!(elf.slot_string(sets, 24), "SYCL/program metadata");
    assert_eq!(
        elf.slot(sets, 32),
        Slot::to("__sycl_offload_prop_sets_arr.2", 0)
    );
    assert_eq!(
        elf.slot(sets, 40),
        Slot::to("__sycl_offload_prop_sets_arr.2", 32)
    );
    let props = "__sycl_offload_prop_sets_arr.2";
    assert_eq!(
        elf.slot_string(props, 0),
        "_ZTS10SimpleVadd@reqd_work_group_size"
    );
    assert_eq!(elf.slot(props, 8), Slot::to("prop_val", 0));
    assert_eq!(elf.u32_at(props, 16), 2, "type BYTE_ARRAY");
    assert_eq!(elf.u64_at(props, 24), 20, "header + 3 x u32");
    let mut expected = 96u64.to_le_bytes().to_vec();
    expected.extend([8, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(elf.data("prop_val"), expected);
    assert_eq!(elf.symbol("prop_val").section.as_deref(), Some(".rodata"));

    // Set 2: empty, so its property pointers are null.
    assert_eq!(elf.slot_string(sets, 48), "SYCL/kernel param opt");
    assert_eq!(elf.slot(sets, 56), Slot::Null);
    assert_eq!(elf.slot(sets, 64), Slot::Null);
}

#[test]
fn descriptor_is_a_local_version_1_struct() {
    let (_fx, elf) = wrap_two_images(&[]);
    let desc = ".sycl_offloading.descriptor";
    let symbol = elf.symbol(desc);
    assert_eq!((symbol.bind, symbol.size), (STB_LOCAL, 32));
    assert_eq!(symbol.section.as_deref(), Some(".data.rel.ro"));
    assert_eq!(elf.u16_at(desc, 0), 1, "version");
    assert_eq!(elf.u16_at(desc, 2), 2, "image count");
    assert_eq!(elf.u32_at(desc, 4), 0, "padding");
    assert_eq!(
        elf.slot(desc, 8),
        Slot::to(".sycl_offloading.device_images", 0)
    );
    assert_eq!(elf.slot(desc, 16), Slot::Null);
    assert_eq!(elf.slot(desc, 24), Slot::Null);
}

#[test]
fn registration_runs_at_priority_1_through_init_and_fini_arrays() {
    let (_fx, elf) = wrap_two_images(&[]);
    for (section, sh_type, function) in [
        (".init_array.00001", SHT_INIT_ARRAY, "sycl.descriptor_reg"),
        (".fini_array.00001", SHT_FINI_ARRAY, "sycl.descriptor_unreg"),
    ] {
        let (typ, flags, align, size) = elf.section_header(section);
        assert_eq!(
            (typ, flags, align, size),
            (sh_type, u64::from(SHF_ALLOC | SHF_WRITE), 8, 8)
        );
        let relocs = elf.relocations(section);
        assert_eq!(relocs.len(), 1);
        assert_eq!(
            (
                relocs[0].offset,
                relocs[0].r_type,
                relocs[0].symbol.as_str(),
                relocs[0].addend
            ),
            (0, R_X86_64_64, function, 0)
        );
        let symbol = elf.symbol(function);
        assert_eq!((symbol.bind, symbol.typ), (STB_LOCAL, STT_FUNC));
        assert_eq!(symbol.section.as_deref(), Some(".text.startup"));
    }
    assert_eq!(
        elf.section_header(".text.startup").1,
        u64::from(SHF_ALLOC | SHF_EXECINSTR)
    );
}

#[test]
fn x86_64_registration_code_passes_the_descriptor_and_tail_calls() {
    let (_fx, elf) = wrap_two_images(&[]);
    let text = elf.section_data(".text.startup");
    let desc = elf.symbol(".sycl_offloading.descriptor");
    for (function, callee) in [
        ("sycl.descriptor_reg", "__sycl_register_lib"),
        ("sycl.descriptor_unreg", "__sycl_unregister_lib"),
    ] {
        let f = elf.symbol(function);
        let code = &text[f.value as usize..(f.value + f.size) as usize];
        // lea rdi, [rip+disp32]; jmp rel32
        assert_eq!(code[..3], [0x48, 0x8d, 0x3d]);
        assert_eq!(code[7], 0xe9);
        let relocs: Vec<_> = elf
            .relocations(".text.startup")
            .into_iter()
            .filter(|r| r.offset >= f.value && r.offset < f.value + f.size)
            .map(|r| (r.offset - f.value, r.r_type, r.symbol, r.addend))
            .collect();
        assert_eq!(
            relocs,
            [
                (3, R_X86_64_PC32, desc.name.clone(), -4),
                (8, R_X86_64_PLT32, callee.to_owned(), -4)
            ]
        );
    }
}

#[test]
fn tgtimg_records_hold_binary_start_and_code_size() {
    let (_fx, elf) = wrap_two_images(&[]);
    let (typ, flags, align, size) = elf.section_header(".tgtimg");
    assert_eq!(typ, SHT_PROGBITS);
    assert_eq!(flags, u64::from(SHF_ALLOC | SHF_WRITE) | SHF_GNU_RETAIN);
    assert_eq!((align, size), (16, 32));
    // GNU ld honours SHF_GNU_RETAIN only in GNU OS ABI objects.
    assert_eq!(
        elf.elf().header.e_ident[7],
        goblin::elf::header::ELFOSABI_GNU
    );
    for (info, decls, code_size) in [
        (".sycl_offloading.0.info", "__sycl_native_cpu_decls", 1234),
        (".sycl_offloading.1.info", "__sycl_native_cpu_decls.12", 177),
    ] {
        assert_eq!(elf.symbol(info).size, 16);
        assert_eq!(elf.symbol(info).value % 16, 0);
        assert_eq!(elf.slot(info, 0), Slot::to(decls, 0));
        assert_eq!(elf.u64_at(info, 8), code_size);
    }
}

#[test]
fn sections_separate_read_only_data_from_relocated_data() {
    let (_fx, elf) = wrap_two_images(&[]);
    assert_eq!(elf.section_header(".rodata").1, u64::from(SHF_ALLOC));
    assert!(elf.relocations(".rodata").is_empty());
    assert_eq!(
        elf.section_header(".data.rel.ro").1,
        u64::from(SHF_ALLOC | SHF_WRITE)
    );
    for string in [
        "__ncpu_function_name",
        "prop",
        "SYCL_PropSetName",
        ".sycl_offloading.target.0",
    ] {
        assert_eq!(
            elf.symbol(string).section.as_deref(),
            Some(".rodata"),
            "{string}"
        );
    }
    // No executable stack.
    let (typ, flags, _, size) = elf.section_header(".note.GNU-stack");
    assert_eq!((typ, flags, size), (SHT_PROGBITS, 0, 0));
}

#[test]
fn without_registration_there_is_no_code_and_no_tgtimg() {
    let (_fx, elf) = wrap_two_images(&["-emit-reg-funcs=false"]);
    let sections = elf.section_names();
    for absent in [
        ".text.startup",
        ".init_array.00001",
        ".fini_array.00001",
        ".tgtimg",
    ] {
        assert!(
            !sections.iter().any(|s| s == absent),
            "{absent} in {sections:?}"
        );
    }
    assert!(elf.find_symbol("__sycl_register_lib").is_none());
    assert!(elf.find_symbol(".sycl_offloading.0.info").is_none());
    assert_eq!(elf.elf().header.e_ident[7], 0, "plain System V OS ABI");
    // The data is all there.
    assert_eq!(elf.u16_at(".sycl_offloading.descriptor", 2), 2);
}

#[test]
fn desc_name_makes_a_global_descriptor_that_the_code_still_binds_locally() {
    let (_fx, elf) = wrap_two_images(&["-desc-name=my_images"]);
    assert!(elf.find_symbol(".sycl_offloading.descriptor").is_none());
    let desc = elf.symbol(".sycl_offloading.my_images");
    assert_eq!(desc.bind, STB_GLOBAL);
    assert_eq!(elf.u16_at(".sycl_offloading.my_images", 0), 1);
    // The argument refers to the descriptor through its section, so it cannot be preempted.
    let relocs = elf.relocations(".text.startup");
    let lea = relocs.iter().find(|r| r.r_type == R_X86_64_PC32).unwrap();
    assert_eq!(lea.symbol, ".data.rel.ro");
    assert_eq!(lea.addend, desc.value as i64 - 4);
}

#[test]
fn aarch64_objects_use_adrp_add_and_b() {
    let fx = Fixture::new();
    let table = two_image_table(&fx);
    let out = fx.path("a64.o");
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-o",
            &arg(&out),
            "-host=aarch64-unknown-linux-gnu",
            "-native-cpu",
            "-batch",
            &arg(&table),
        ]),
    );
    let elf = ElfFile::read(&out);
    assert_eq!(elf.elf().header.e_machine, goblin::elf::header::EM_AARCH64);
    assert_eq!(
        elf.slot("__sycl_native_cpu_decls", 8),
        Slot::to("_ZTS10SimpleVadd.SYCLNCPU", 0)
    );
    let text = elf.section_data(".text.startup");
    let relocs = elf.relocations(".text.startup");
    for (function, callee) in [
        ("sycl.descriptor_reg", "__sycl_register_lib"),
        ("sycl.descriptor_unreg", "__sycl_unregister_lib"),
    ] {
        let f = elf.symbol(function);
        assert_eq!(f.value % 4, 0);
        let words: Vec<u32> = text[f.value as usize..(f.value + f.size) as usize]
            .chunks(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect();
        // adrp x0, 0; add x0, x0, #0; b 0
        assert_eq!(words, [0x9000_0000, 0x9100_0000, 0x1400_0000]);
        let mine: Vec<_> = relocs
            .iter()
            .filter(|r| r.offset >= f.value && r.offset < f.value + f.size)
            .map(|r| (r.offset - f.value, r.r_type, r.symbol.as_str(), r.addend))
            .collect();
        let desc = ".sycl_offloading.descriptor";
        assert_eq!(
            mine,
            [
                (0, R_AARCH64_ADR_PREL_PG_HI21, desc, 0),
                (4, R_AARCH64_ADD_ABS_LO12_NC, desc, 0),
                (8, R_AARCH64_JUMP26, callee, 0)
            ]
        );
    }
    let init = elf.relocations(".init_array.00001");
    assert_eq!(
        (init[0].r_type, init[0].symbol.as_str()),
        (R_AARCH64_ABS64, "sycl.descriptor_reg")
    );
}

#[test]
fn non_batch_images_take_the_options_before_them() {
    let fx = Fixture::new();
    let a_code = fx.code(
        "a.bc",
        400,
        &["_ZTS1A", "_ZTS10SimpleVadd"],
        &[IMAGE_0_REQD],
    );
    let a_manifest = fx.write("a.mnf", "MF");
    let a_sym = fx.symbols("a.sym", &["_ZTS1A", "_ZTS10SimpleVadd"]);
    let a_prop = fx.properties("a.prop", &image_0_properties());
    let b_code = fx.code("b.bc", 200, &["_ZTS1B", "_ZTS1C"], &[]);
    let b_sym = fx.symbols("b.sym", &["_ZTS1B", "_ZTS1C"]);
    let out = fx.path("w.o");
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "--o",
            &arg(&out),
            "-host",
            "x86_64-pc-linux-gnu",
            "-target",
            "native_cpu",
            "-format=spirv",
            "-compile-opts=-DA",
            &format!("-entries={}", arg(&a_sym)),
            &format!("--properties={}", arg(&a_prop)),
            &arg(&a_code),
            &arg(&a_manifest),
            "-compile-opts=",
            "-properties=",
            "-entries",
            &arg(&b_sym),
            &arg(&b_code),
        ]),
    );
    let elf = ElfFile::read(&out);
    let images = ".sycl_offloading.device_images";
    assert_eq!(elf.u16_at(".sycl_offloading.descriptor", 2), 2);
    assert_eq!(elf.data(images)[3], 2, "image 0: spirv");
    assert_eq!(elf.data(images)[96 + 3], 2, "image 1 keeps the format");
    assert_eq!(elf.slot_string(images, 16), "-DA");
    assert_eq!(
        elf.slot_string(images, 96 + 16),
        "",
        "compile options reset"
    );
    assert_eq!(elf.data(".sycl_offloading.0.manifest"), b"MF");
    assert_ne!(
        elf.slot(images, 80),
        Slot::Null,
        "image 0 has property sets"
    );
    assert_eq!(
        elf.slot(images, 96 + 80),
        Slot::Null,
        "-properties= cleared them"
    );
    assert_eq!(elf.slot_string("__sycl_native_cpu_decls", 0), "_ZTS1A");
    let decls1 = elf
        .symbols()
        .into_iter()
        .filter(|s| s.name.starts_with("__sycl_native_cpu_decls."))
        .collect::<Vec<_>>();
    assert_eq!(decls1.len(), 1);
    assert_eq!(decls1[0].size, 3 * 16);
    assert_eq!(elf.u64_at(".sycl_offloading.0.info", 8), 400);
    assert_eq!(elf.u64_at(".sycl_offloading.1.info", 8), 200);
}

#[test]
fn native_cpu_flag_sets_the_target_and_accepts_a_host_triple_target() {
    let fx = Fixture::new();
    let code = fx.code("a.bc", 100, &["_ZTS1A"], &[]);
    let sym = fx.symbols("a.sym", &["_ZTS1A"]);
    let out = fx.path("w.o");
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-o",
            &arg(&out),
            "-native-cpu",
            &format!("-entries={}", arg(&sym)),
            &arg(&code),
            "-target=x86_64-unknown-linux-gnu",
            &arg(&code),
        ]),
    );
    let elf = ElfFile::read(&out);
    assert_eq!(elf.string(".sycl_offloading.target.0"), "native_cpu");
    assert_eq!(
        elf.string(".sycl_offloading.target.1"),
        "x86_64-unknown-linux-gnu"
    );
}

#[test]
fn images_without_symbols_have_only_the_terminator_and_null_entries() {
    let fx = Fixture::new();
    let helper = fx.code("a.bc", 100, &["helper"], &[]);
    let other_helper = fx.code("b.bc", 100, &["helper"], &[]);
    let empty_sym = fx.write("empty.sym", "");
    let table = fx.table(
        "t.table",
        &["Code", "Symbols"],
        &[
            vec![arg(&helper), String::new()],
            vec![arg(&other_helper), arg(&empty_sym)],
        ],
    );
    let elf = wrap_native_cpu_batch(&fx, &table);
    let images = ".sycl_offloading.device_images";
    // No Symbols cell: a table of just the terminator, and null entries.
    assert_eq!(elf.symbol("__sycl_native_cpu_decls").size, 16);
    assert_eq!(
        elf.slot(images, 56),
        Slot::to("__sycl_native_cpu_decls", 16)
    );
    assert_eq!(elf.slot(images, 64), Slot::Null);
    assert_eq!(elf.slot(images, 72), Slot::Null);
    // An empty .sym file: an empty (but present) entries array.
    let entries = elf.symbol("__sycl_offload_entries_arr");
    assert_eq!(entries.size, 0);
    assert_eq!(
        elf.slot(images, 96 + 64),
        Slot::to("__sycl_offload_entries_arr", 0)
    );
    assert_eq!(
        elf.slot(images, 96 + 72),
        Slot::to("__sycl_offload_entries_arr", 0)
    );
}

#[test]
fn relative_table_cells_are_opened_from_the_current_directory() {
    let fx = Fixture::new();
    fx.code("a.bc", 100, &["_ZTS1A"], &[]);
    fx.symbols("a.sym", &["_ZTS1A"]);
    let table = fx.table(
        "t.table",
        &["Code", "Symbols"],
        &[strings(&["a.bc", "a.sym"])],
    );
    wrap_ok(
        fx.dir.path(),
        &strings(&["-o=w.o", "-target=native_cpu", "-batch", &arg(&table)]),
    );
    let elf = ElfFile::read(&fx.path("w.o"));
    assert_eq!(elf.slot_string("__sycl_native_cpu_decls", 0), "_ZTS1A");
}

#[test]
fn an_empty_table_writes_no_sycl_structures() {
    let fx = Fixture::new();
    let table = fx.write("t.table", "[Code|Symbols]\n");
    let elf = wrap_native_cpu_batch(&fx, &table);
    assert!(elf.find_symbol(".sycl_offloading.descriptor").is_none());
    assert!(!elf
        .section_names()
        .iter()
        .any(|s| s.starts_with(".init_array")));
}

fn library_image(kernels: &[&str]) -> DeviceImage {
    DeviceImage {
        code: "in-memory.bc".into(),
        code_size: 5,
        manifest: None,
        settings: ImageSettings {
            target: "native_cpu".into(),
            format: ImageFormat::LlvmBc,
            compile_options: String::new(),
            link_options: String::new(),
        },
        entries: Some(kernels.iter().map(|k| k.to_string()).collect()),
        properties: None,
    }
}

#[test]
fn the_library_writes_objects_from_images_in_memory() {
    let config = Config {
        arch: HostArch::X86_64,
        emit_reg_funcs: true,
        descriptor_name: None,
        verbose: false,
    };
    let bytes = write_object(&[library_image(&["_ZTS1K"])], &config).unwrap();
    let elf = ElfFile { bytes };
    assert_eq!(elf.data(".sycl_offloading.device_images")[3], 3, "llvmbc");
    assert_eq!(
        elf.slot("__sycl_native_cpu_decls", 8),
        Slot::to("_ZTS1K.SYCLNCPU", 0)
    );
    assert_eq!(elf.u64_at(".sycl_offloading.0.info", 8), 5);

    // The image count is a u16.
    let many = vec![library_image(&[]); 65536];
    let err = write_object(&many, &config).unwrap_err();
    assert_eq!(
        err.to_string(),
        "65536 device images do not fit the descriptor's 16-bit image count"
    );
}

#[test]
fn host_triples_choose_the_architecture() {
    assert_eq!(
        HostArch::from_triple("x86_64-unknown-linux-gnu").unwrap(),
        HostArch::X86_64
    );
    assert_eq!(
        HostArch::from_triple("aarch64-linux-gnu").unwrap(),
        HostArch::Aarch64
    );
    assert_eq!(
        HostArch::from_triple("arm64-unknown-linux-android").unwrap(),
        HostArch::Aarch64
    );
    for bad in [
        "riscv64-unknown-linux-gnu",
        "x86_64-pc-windows-msvc",
        "aarch64-apple-darwin",
        "x86_64-linux-gnux32",
    ] {
        assert!(HostArch::from_triple(bad).is_err(), "{bad}");
    }
    let expected = match std::env::consts::ARCH {
        "x86_64" => Some(HostArch::X86_64),
        "aarch64" => Some(HostArch::Aarch64),
        _ => None,
    };
    assert_eq!(HostArch::native().ok(), expected);
}
