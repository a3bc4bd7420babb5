//! Launches the SYCL kernels of sycl/kernels.cpp from Rust: a range launch, then two nd-range
//! launches with local memory ordered by an event; checks every result against a host loop and
//! prints PASS (or exits non-zero).

use std::process::ExitCode;

use nativecpu::{scope, Arguments, Buffer, Device, Error, Kernel, NdRange, Range};

const LENGTH: usize = 1 << 20;
const GROUP: usize = 256;

/// y = 2x + y over a range; the expected values.
fn saxpy() -> Result<bool, Error> {
    let kernel = Kernel::find_by_type("kernels::saxpy")?;
    let x_values: Vec<f32> = (0..LENGTH).map(|i| i as f32).collect();
    let x = Buffer::from_slice(&x_values)?;
    let mut y = Buffer::from_slice(&vec![1.0f32; LENGTH])?;
    let arguments = Arguments::new()
        .value(2.0f32)
        .buffer(&x)
        .buffer(&y)
        .value(LENGTH);
    // SAFETY: saxpy(float, const float *, float *, size_t) stays below its n, the buffers' length.
    unsafe { kernel.launch(Range::new([LENGTH]), &arguments)? };
    drop(arguments);
    let expected = x_values.iter().map(|x| 2.0 * x + 1.0);
    Ok(y.as_slice().iter().copied().eq(expected))
}

/// Each group reversed twice (two launches, the second after the first): the input again; and
/// once, checked in the middle buffer.
fn reverse_twice() -> Result<bool, Error> {
    let kernel = Kernel::find_by_type("kernels::reverse_groups")?;
    let input: Vec<i32> = (0..LENGTH as i32).collect();
    let source = Buffer::from_slice(&input)?;
    let mut middle = Buffer::<i32>::zeroed(LENGTH)?;
    let mut output = Buffer::<i32>::zeroed(LENGTH)?;
    let range = NdRange::new([LENGTH], [GROUP]);
    scope(|scope| -> Result<(), Error> {
        let first = Arguments::new()
            .buffer(&source)
            .buffer(&middle)
            .local::<i32>(GROUP);
        let second = Arguments::new()
            .buffer(&middle)
            .buffer(&output)
            .local::<i32>(GROUP);
        // SAFETY: reverse_groups(const int *, int *, local int *) within LENGTH elements, with a
        // local block of GROUP ints; the second launch waits for the first.
        unsafe {
            let event = scope.submit(&kernel, range, first, &[])?;
            scope.submit(&kernel, range, second, &[&event])?;
        }
        Ok(())
    })??;
    let reversed_once = middle
        .as_slice()
        .iter()
        .enumerate()
        .all(|(i, &value)| value as usize == i / GROUP * GROUP + (GROUP - 1 - i % GROUP));
    Ok(reversed_once && output.as_slice() == input)
}

fn run() -> Result<bool, Error> {
    let device = Device::get()?;
    println!(
        "{} ({}), {} threads, kernels: {}",
        device.name,
        device.platform,
        device.threads,
        device.kernel_names().join(" ")
    );
    let too_large = NdRange::new([LENGTH], [device.max_work_group_size * 2]);
    let refused = Kernel::find_by_type("kernels::reverse_groups")?
        .check(
            too_large,
            &Arguments::new()
                .null_pointer()
                .null_pointer()
                .local::<i32>(1),
        )
        .is_err();
    let missing = Kernel::find("no_such_kernel").is_err();
    Ok(saxpy()? & reverse_twice()? & refused & missing)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => {
            println!("PASS");
            ExitCode::SUCCESS
        }
        Ok(false) => {
            eprintln!("FAIL: a result differs from the host's");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
