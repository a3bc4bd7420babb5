//! The PNG bar chart of ours / best peer per kernel, on a log scale around 1.

use std::path::Path;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::Report;
use crate::BenchError;

/// Where Debian's fonts-dejavu-core puts its sans-serif font.
pub const DEFAULT_FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

fn chart_error(e: impl std::fmt::Display) -> BenchError {
    BenchError::Chart(e.to_string().lines().next().unwrap_or("").to_string())
}

/// Registers `font` as plotters' sans-serif (the font lives for the rest of the process).
fn register(font: &Path) -> Result<(), BenchError> {
    let bytes = std::fs::read(font).map_err(|source| BenchError::Io {
        path: font.to_path_buf(),
        source,
    })?;
    let leaked: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, leaked)
        .map_err(|_| chart_error("the font cannot be read"))
}

/// The x range: every ratio and 1, with room for the value labels.
fn x_range(ratios: &[f64]) -> (f64, f64) {
    let low = ratios.iter().copied().fold(1.0, f64::min);
    let high = ratios.iter().copied().fold(1.0, f64::max);
    (low / 1.6, high * 2.0)
}

/// A tick's label on the log axis: 1, 2 and 5 times a power of ten, blank elsewhere.
fn tick(value: f64) -> String {
    let leading = (value / 10f64.powf(value.log10().floor())).round();
    if [1.0, 2.0, 5.0].contains(&leading) {
        format!("{}", (value * 100.0).round() / 100.0)
    } else {
        String::new()
    }
}

/// One kernel's bar: its label, and ours / best peer or why there is none.
struct Bar {
    label: String,
    ratio: Result<f64, &'static str>,
}

/// The bars top to bottom in report order (segment 0 is the bottom one, so reversed).
fn bars(report: &Report) -> Vec<Bar> {
    let bar = |k: &crate::report::KernelReport| {
        let ours_failed = k
            .results
            .iter()
            .any(|r| r.implementation == "ours" && r.failure.is_some());
        let label = match &k.best_peer {
            Some(peer) => format!("{} vs {peer}", k.kernel.name),
            None => k.kernel.name.to_string(),
        };
        let why = if ours_failed {
            "ours FAILED"
        } else {
            "no peer measured"
        };
        Bar {
            label,
            ratio: k.ratio.ok_or(why),
        }
    };
    report.kernels.iter().rev().map(bar).collect()
}

/// Writes the chart; an error if no kernel has a ratio.
pub fn write_png(report: &Report, path: &Path, font: &Path) -> Result<(), BenchError> {
    let bars = bars(report);
    let ratios: Vec<f64> = bars.iter().filter_map(|b| b.ratio.ok()).collect();
    if ratios.is_empty() {
        return Err(chart_error("no kernel has both ours and a peer measured"));
    }
    register(font)?;
    let (low, high) = x_range(&ratios);
    let root = BitMapBackend::new(path, (1100, 120 + 44 * bars.len() as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(chart_error)?;
    let caption = match report.geomean_ratio {
        Some(g) => format!("ours / best peer per kernel (geomean {g:.2}; > 1: ours faster)"),
        None => "ours / best peer per kernel (> 1: ours faster)".to_string(),
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 24))
        .margin(20)
        .x_label_area_size(40)
        .y_label_area_size(260)
        .build_cartesian_2d(
            (low..high).log_scale(),
            (0..bars.len() - 1).into_segmented(),
        )
        .map_err(chart_error)?;
    let names: Vec<&String> = bars.iter().map(|b| &b.label).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(bars.len())
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => names.get(*i).map(|n| n.to_string()).unwrap_or_default(),
            _ => String::new(),
        })
        .x_labels(12)
        .x_label_formatter(&|v| tick(*v))
        .x_desc("ratio (log scale)")
        .label_style(("sans-serif", 16))
        .draw()
        .map_err(chart_error)?;
    draw_bars(&mut chart, &bars)?;
    root.present().map_err(chart_error)
}

type Chart<'a, 'b> = ChartContext<
    'a,
    BitMapBackend<'b>,
    Cartesian2d<
        LogCoord<f64>,
        plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordusize>,
    >,
>;

/// One bar from 1 to each ratio with its value beside it (or why there is none), and the line
/// at 1.
fn draw_bars(chart: &mut Chart, bars: &[Bar]) -> Result<(), BenchError> {
    let label =
        TextStyle::from(("sans-serif", 16).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, bar) in bars.iter().enumerate() {
        let text = match bar.ratio {
            Ok(ratio) => {
                let color = if ratio >= 1.0 {
                    RGBColor(46, 139, 87)
                } else {
                    RGBColor(200, 70, 50)
                };
                let corners = [
                    (1.0, SegmentValue::Exact(i)),
                    (ratio, SegmentValue::Exact(i + 1)),
                ];
                let mut rectangle = Rectangle::new(corners, color.filled());
                rectangle.set_margin(6, 6, 0, 0);
                chart.draw_series([rectangle]).map_err(chart_error)?;
                format!("{ratio:.2}")
            }
            Err(why) => why.to_string(),
        };
        let at = (
            bar.ratio.unwrap_or(1.0).max(1.0) * 1.04,
            SegmentValue::CenterOf(i),
        );
        chart
            .draw_series([Text::new(text, at, label.clone())])
            .map_err(chart_error)?;
    }
    let one = vec![
        (1.0, SegmentValue::Exact(0)),
        (1.0, SegmentValue::Exact(bars.len())),
    ];
    chart
        .draw_series([PathElement::new(one, BLACK.stroke_width(2))])
        .map_err(chart_error)?;
    Ok(())
}
