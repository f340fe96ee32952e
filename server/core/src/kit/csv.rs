//! CSV for spreadsheets used in Brazil: UTF-8 with a BOM (so Excel reads the
//! accents), `;` between cells (the comma is the decimal separator), money
//! as 1234,50, and cells that a spreadsheet would run as a formula
//! neutralised with a leading quote.

use crate::kit::error::Result;

/// A CSV document being written in memory.
pub struct CsvWriter {
    inner: ::csv::Writer<Vec<u8>>,
}

impl CsvWriter {
    pub fn new(headers: &[&str]) -> Result<CsvWriter> {
        let mut buffer = Vec::with_capacity(4096);
        buffer.extend_from_slice("\u{feff}".as_bytes());
        let mut writer = CsvWriter { inner: writer(buffer) };
        writer.row(headers)?;
        Ok(writer)
    }

    pub fn row<S: AsRef<str>>(&mut self, cells: &[S]) -> Result<()> {
        self.inner.write_record(cells.iter().map(|c| neutralise(c.as_ref()).into_owned())).map_err(anyhow::Error::from)?;
        Ok(())
    }

    /// A further table under the last: a blank line, then its header row.
    /// Its rows are checked against that header's length.
    pub fn section(&mut self, headers: &[&str]) -> Result<()> {
        // The blank line goes around the writer, which refuses a row of
        // another length than the first (and writes a lone empty cell as
        // `""`): the table goes on in a new writer.
        let done = std::mem::replace(&mut self.inner, writer(Vec::new()));
        let mut buffer = done.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))?;
        buffer.extend_from_slice(b"\r\n");
        self.inner = writer(buffer);
        self.row(headers)
    }

    pub fn finish(self) -> Result<Vec<u8>> {
        Ok(self.inner.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))?)
    }
}

/// `;` between cells, CRLF after each row, appending to `buffer`.
fn writer(buffer: Vec<u8>) -> ::csv::Writer<Vec<u8>> {
    ::csv::WriterBuilder::new().delimiter(b';').terminator(::csv::Terminator::CRLF).from_writer(buffer)
}

/// A cell that starts with `=`, `+`, `-`, `@` (or a tab or carriage return)
/// would be a formula in a spreadsheet: a leading `'` keeps it text.
pub fn neutralise(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

/// 123450 → "1234,50"
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{},{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_bom_semicolons_and_neutralised_cells() {
        let mut writer = CsvWriter::new(&["Nome", "Valor (R$)"]).unwrap();
        writer.row(&["=HYPERLINK(\"x\")", "1234,50"]).unwrap();
        writer.row(&["João; \"Zé\"", "@SUM(A1)"]).unwrap();
        let text = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(text, "\u{feff}Nome;Valor (R$)\r\n\"'=HYPERLINK(\"\"x\"\")\";1234,50\r\n\"João; \"\"Zé\"\"\";'@SUM(A1)\r\n");
    }

    #[test]
    fn a_section_follows_a_blank_line_with_its_own_header() {
        let mut writer = CsvWriter::new(&["Data", "Total"]).unwrap();
        writer.row(&["01/02/2026", "1"]).unwrap();
        writer.section(&["Serviço", "Total"]).unwrap();
        writer.row(&["Corte", "1"]).unwrap();
        let text = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(text, "\u{feff}Data;Total\r\n01/02/2026;1\r\n\r\nServiço;Total\r\nCorte;1\r\n");
        // A section's rows are as long as its header.
        let mut writer = CsvWriter::new(&["Data", "Total"]).unwrap();
        writer.section(&["Serviço", "Total", "Receita"]).unwrap();
        assert!(writer.row(&["Corte", "1", "10,00"]).is_ok());
        assert!(writer.row(&["Corte", "1"]).is_err());
    }

    #[test]
    fn money_has_a_decimal_comma() {
        assert_eq!(money(123450), "1234,50");
        assert_eq!(money(5), "0,05");
        assert_eq!(money(0), "0,00");
        assert_eq!(neutralise("-1"), "'-1");
        assert_eq!(neutralise("+55"), "'+55");
        assert_eq!(neutralise("ok"), "ok");
    }
}
