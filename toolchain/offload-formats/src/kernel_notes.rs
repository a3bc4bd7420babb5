//! The kernel metadata the device compiler leaves in the device object for the runtime
//! (docs/formats.md, "Kernel metadata notes"): one ELF note per kernel, in the allocated note
//! section [`SECTION`], so that the linker gathers every device object's notes into a `PT_NOTE`
//! segment of the executable or shared library the kernels end up in, where the runtime reads
//! them.
//!
//! The compiler writes notes with [`KernelNote::encode`]; the runtime reads a segment with
//! [`parse_segment`], which checks every note of ours and says in one line what is wrong with a
//! bad one. Both sides use this module, so they cannot disagree on the layout.

/// The section the compiler puts the notes in (ELF `SHT_NOTE`, allocated).
pub const SECTION: &str = ".note.nativecpu.kernels";
/// The notes' owner name (without its terminating NUL).
pub const OWNER: &str = "NativeCPU";
/// The note type of a kernel record.
pub const KERNEL_NOTE_TYPE: u32 = 1;
/// The layout version [`KernelNote::encode`] writes and [`parse_segment`] accepts.
pub const VERSION: u32 = 1;
/// Bytes of a record before the kernel's name.
pub const FIXED_SIZE: usize = 48;
/// Alignment of the notes, and of the section.
pub const ALIGN: usize = 4;

/// What the compiler decided about one kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelInfo {
    /// Bytes of work-group local variables (`group_local_memory`, local variables of the
    /// kernel), per work-group; local accessors are sized per launch and not counted.
    pub local_memory_size: u64,
    /// Bytes per work-item of values the kernel keeps live across barriers.
    pub private_memory_size: u64,
    /// `reqd_work_group_size` in x, y, z order, if the kernel has one.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// The work-items of a full sub-group: the kernel's vector width, 1 when it runs scalar.
    pub sub_group_size: u32,
    /// The sub-group size the kernel required, if any.
    pub reqd_sub_group_size: Option<u32>,
    /// Work-items one call of the kernel's vector form runs, 1 without one.
    pub vector_width: u32,
}

impl Default for KernelInfo {
    /// A scalar kernel without requirements or work-group memory: what a kernel without a note
    /// (compiled by another back end) is taken to be.
    fn default() -> Self {
        KernelInfo {
            local_memory_size: 0,
            private_memory_size: 0,
            reqd_work_group_size: None,
            sub_group_size: 1,
            reqd_sub_group_size: None,
            vector_width: 1,
        }
    }
}

/// One kernel's note: its name, as launches name it, and what the compiler decided about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelNote {
    /// The kernel's name.
    pub name: String,
    /// The record's values.
    pub info: KernelInfo,
}

/// Why a note cannot be read. Each is one line naming the note.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    /// A note's header, owner or descriptor does not fit in the segment.
    #[error("the note at offset {offset} runs past the end of its segment")]
    Truncated {
        /// Where the note starts in its segment, in bytes.
        offset: usize,
    },
    /// A note of ours breaks a rule of the record.
    #[error("kernel note at offset {offset}: {cause}")]
    Bad {
        /// Where the note starts in its segment, in bytes.
        offset: usize,
        /// The rule it breaks.
        cause: String,
    },
}

fn padded(size: usize, align: usize) -> Option<usize> {
    size.checked_next_multiple_of(align)
}

impl KernelNote {
    /// The whole ELF note: header, owner, and the record, each padded to [`ALIGN`].
    pub fn encode(&self) -> Vec<u8> {
        let info = &self.info;
        let mut desc = Vec::with_capacity(FIXED_SIZE + self.name.len());
        desc.extend_from_slice(&VERSION.to_le_bytes());
        desc.extend_from_slice(&(self.name.len() as u32).to_le_bytes());
        desc.extend_from_slice(&info.local_memory_size.to_le_bytes());
        desc.extend_from_slice(&info.private_memory_size.to_le_bytes());
        for size in info.reqd_work_group_size.unwrap_or([0; 3]) {
            desc.extend_from_slice(&size.to_le_bytes());
        }
        desc.extend_from_slice(&info.sub_group_size.to_le_bytes());
        desc.extend_from_slice(&info.reqd_sub_group_size.unwrap_or(0).to_le_bytes());
        desc.extend_from_slice(&info.vector_width.to_le_bytes());
        desc.extend_from_slice(self.name.as_bytes());
        let owner_size = OWNER.len() + 1;
        let mut note = Vec::new();
        note.extend_from_slice(&(owner_size as u32).to_le_bytes());
        note.extend_from_slice(&(desc.len() as u32).to_le_bytes());
        note.extend_from_slice(&KERNEL_NOTE_TYPE.to_le_bytes());
        note.extend_from_slice(OWNER.as_bytes());
        note.resize(12 + padded(owner_size, ALIGN).unwrap_or(owner_size), 0);
        note.extend_from_slice(&desc);
        note.resize(padded(note.len(), ALIGN).unwrap_or(note.len()), 0);
        note
    }

    /// Reads and checks one record (a note's descriptor).
    fn decode(desc: &[u8]) -> Result<KernelNote, String> {
        if desc.len() < FIXED_SIZE {
            return Err(format!(
                "{} bytes, fewer than the {FIXED_SIZE} of a record",
                desc.len()
            ));
        }
        let u32_at = |offset: usize| {
            u32::from_le_bytes(desc[offset..offset + 4].try_into().expect("4 bytes"))
        };
        let u64_at = |offset: usize| {
            u64::from_le_bytes(desc[offset..offset + 8].try_into().expect("8 bytes"))
        };
        let version = u32_at(0);
        if version != VERSION {
            return Err(format!("version {version}, expected {VERSION}"));
        }
        let name_size = u32_at(4) as usize;
        if name_size == 0 || FIXED_SIZE.checked_add(name_size) != Some(desc.len()) {
            return Err(format!(
                "a name of {name_size} bytes in a record of {} bytes",
                desc.len()
            ));
        }
        let name = std::str::from_utf8(&desc[FIXED_SIZE..])
            .ok()
            .filter(|name| !name.contains('\0'))
            .ok_or_else(|| {
                let escaped = desc[FIXED_SIZE..].escape_ascii();
                format!("the kernel name \"{escaped}\" is not UTF-8 without NUL")
            })?;
        let info = KernelInfo {
            local_memory_size: u64_at(8),
            private_memory_size: u64_at(16),
            reqd_work_group_size: Some([u32_at(24), u32_at(28), u32_at(32)])
                .filter(|sizes| sizes != &[0; 3]),
            sub_group_size: u32_at(36),
            reqd_sub_group_size: Some(u32_at(40)).filter(|size| *size != 0),
            vector_width: u32_at(44),
        };
        // The name is quoted with its control characters escaped: errors are one line.
        info.check()
            .map_err(|cause| format!("kernel {}: {cause}", name.escape_debug()))?;
        Ok(KernelNote {
            name: name.to_owned(),
            info,
        })
    }
}

impl KernelInfo {
    /// The rules every record follows (docs/formats.md, "Kernel metadata notes").
    pub fn check(&self) -> Result<(), String> {
        if self.sub_group_size == 0 || self.vector_width == 0 {
            return Err(format!(
                "sub-group size {} and vector width {} must be at least 1",
                self.sub_group_size, self.vector_width
            ));
        }
        if let Some(sizes) = self.reqd_work_group_size.filter(|s| s.contains(&0)) {
            return Err(format!(
                "reqd_work_group_size {sizes:?} mixes zero and non-zero sizes"
            ));
        }
        match self.reqd_sub_group_size {
            Some(required) if required != self.sub_group_size => Err(format!(
                "required sub-group size {required} but sub-group size {}",
                self.sub_group_size
            )),
            _ => Ok(()),
        }
    }
}

/// The kernel notes in a `PT_NOTE` segment whose notes are aligned to `align` (the segment's
/// `p_align`: 4, or 8 for some GNU notes), skipping other owners' notes. The first note that
/// does not fit in the segment, or a note of ours that is malformed, is the error.
pub fn parse_segment(segment: &[u8], align: usize) -> Result<Vec<KernelNote>, NoteError> {
    let align = align.max(ALIGN);
    let mut notes = Vec::new();
    let mut offset = 0;
    while segment.len() - offset >= 12 {
        let word = |at: usize| {
            u32::from_le_bytes(
                segment[offset + at..offset + at + 4]
                    .try_into()
                    .expect("4 bytes"),
            ) as usize
        };
        let (owner_size, desc_size, note_type) = (word(0), word(4), word(8) as u32);
        let truncated = NoteError::Truncated { offset };
        // The owner starts after the header and the descriptor at the next aligned offset.
        let desc_start = (offset + 12)
            .checked_add(owner_size)
            .and_then(|end| padded(end, align))
            .ok_or(truncated.clone())?;
        let desc_end = desc_start.checked_add(desc_size).ok_or(truncated.clone())?;
        if desc_end > segment.len() {
            return Err(truncated);
        }
        let owner = &segment[offset + 12..offset + 12 + owner_size];
        if owner.strip_suffix(b"\0") == Some(OWNER.as_bytes()) && note_type == KERNEL_NOTE_TYPE {
            let note = KernelNote::decode(&segment[desc_start..desc_end])
                .map_err(|cause| NoteError::Bad { offset, cause })?;
            notes.push(note);
        }
        offset = padded(desc_end, align)
            .unwrap_or(segment.len())
            .min(segment.len());
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note() -> KernelNote {
        KernelNote {
            name: "_ZTS6Kernel".into(),
            info: KernelInfo {
                local_memory_size: 4096,
                private_memory_size: 24,
                reqd_work_group_size: Some([8, 4, 1]),
                sub_group_size: 8,
                reqd_sub_group_size: Some(8),
                vector_width: 8,
            },
        }
    }

    #[test]
    fn notes_read_back_as_written_among_other_owners_notes() {
        let scalar = KernelNote {
            name: "k".into(),
            info: KernelInfo::default(),
        };
        // A GNU build-id note (owner "GNU", type 3) between ours.
        let mut segment = note().encode();
        segment.extend_from_slice(&[4, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0]);
        segment.extend_from_slice(b"GNU\0\x01\x02\x03\x04");
        segment.extend(scalar.encode());
        assert_eq!(segment.len() % ALIGN, 0);
        assert_eq!(parse_segment(&segment, 4), Ok(vec![note(), scalar]));
    }

    #[test]
    fn eight_byte_aligned_segments_pad_to_eight() {
        // A GNU property note as linkers write it: owner "GNU\0", then the descriptor at 16.
        let mut segment = vec![4, 0, 0, 0, 16, 0, 0, 0, 5, 0, 0, 0];
        segment.extend_from_slice(b"GNU\0");
        segment.extend_from_slice(&[0xaa; 16]);
        assert_eq!(parse_segment(&segment, 8), Ok(Vec::new()));
        assert!(parse_segment(&segment[..31], 8).is_err());
    }

    #[test]
    fn the_layout_is_the_documented_one() {
        let bytes = note().encode();
        // namesz 10, descsz 48 + 11, type 1, "NativeCPU\0" padded to 12.
        assert_eq!(&bytes[..12], &[10, 0, 0, 0, 59, 0, 0, 0, 1, 0, 0, 0]);
        assert_eq!(&bytes[12..24], b"NativeCPU\0\0\0");
        assert_eq!(&bytes[24..32], &[1, 0, 0, 0, 11, 0, 0, 0]);
        assert_eq!(&bytes[32..40], &4096u64.to_le_bytes());
        assert_eq!(bytes.len(), 24 + 60);
    }

    fn with_desc_word(at: usize, value: u32) -> Vec<u8> {
        let mut bytes = note().encode();
        bytes[24 + at..24 + at + 4].copy_from_slice(&value.to_le_bytes());
        bytes
    }

    #[test]
    fn bad_records_are_one_line_errors() {
        let cases = [
            (with_desc_word(0, 2), "version 2, expected 1"),
            (
                with_desc_word(4, 12),
                "a name of 12 bytes in a record of 59 bytes",
            ),
            (with_desc_word(36, 0), "must be at least 1"),
            (with_desc_word(28, 0), "mixes zero and non-zero"),
            (
                with_desc_word(40, 4),
                "required sub-group size 4 but sub-group size 8",
            ),
        ];
        for (bytes, expected) in cases {
            let error = parse_segment(&bytes, 4).unwrap_err().to_string();
            assert!(error.contains(expected), "{error}");
            assert!(!error.contains('\n'));
        }
        let mut named = note();
        named.name = "line\nbreak".into();
        named.info.sub_group_size = 0;
        let error = parse_segment(&named.encode(), 4).unwrap_err().to_string();
        assert!(error.contains("kernel line\\nbreak: "), "{error}");
        let mut bytes = note().encode();
        bytes[24 + FIXED_SIZE] = 0xff;
        let error = parse_segment(&bytes, 4).unwrap_err().to_string();
        assert!(error.contains("\\xffZTS6Kernel\" is not UTF-8"), "{error}");
    }

    #[test]
    fn truncated_segments_are_refused_without_reading_past_them() {
        let bytes = note().encode();
        // The last note of a segment may lack its padding.
        for cut in 12..bytes.len() - 1 {
            let result = parse_segment(&bytes[..cut], 4);
            assert_eq!(result, Err(NoteError::Truncated { offset: 0 }), "{cut}");
        }
        let mut huge = bytes.clone();
        huge[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(parse_segment(&huge, 4).is_err());
        assert_eq!(parse_segment(&bytes[..11], 4), Ok(Vec::new()));
    }
}
