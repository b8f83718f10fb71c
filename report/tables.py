"""The archive's tidy tables written to disk, game by game (Parquet through pyarrow, or CSV).

Rows arrive one game at a time and are appended as they come: a table is never held whole in
memory. Each chunk is a pandas DataFrame with the column types of
:data:`votal.audit.archive.SCHEMA`, so every Parquet row group and every CSV chunk has the same
columns in the same order.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from votal.audit.archive import SCHEMA
from votal.errors import InputError

if TYPE_CHECKING:
    import pandas as pd

FORMATS = ("parquet", "csv")
_PANDAS = {"string": "string", "int64": "Int64", "bool": "boolean"}


def frame(table: str, rows: list[dict]) -> pd.DataFrame:
    """Rows of ``table`` as a DataFrame with the schema's columns and types."""
    import pandas as pd  # heavy: imported by the archive's commands only, not with the CLI

    cols = SCHEMA[table]
    df = pd.DataFrame.from_records(rows, columns=[c for c, _ in cols])
    for col, kind in cols:
        if kind == "timestamp":
            df[col] = pd.to_datetime(df[col], utc=True, format="ISO8601")
        else:
            df[col] = df[col].astype(_PANDAS[kind])
    return df


def iso_times(table: str, df: pd.DataFrame) -> pd.DataFrame:
    """The table with its timestamps as ISO 8601 text with the offset (``2026-11-02T18:00:00+00:00``,
    UTC), the one time format of every CSV votal writes (issue 20); pandas would write a space
    for the ``T``."""
    import pandas as pd

    out = df.copy()
    for col, kind in SCHEMA[table]:
        if kind == "timestamp":
            out[col] = [None if pd.isna(t) else t.isoformat() for t in df[col]]
    return out


def _arrow_schema(table: str):
    import pyarrow as pa

    kinds = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_(),
             "timestamp": pa.timestamp("us", tz="UTC")}
    return pa.schema([(c, kinds[k]) for c, k in SCHEMA[table]])


class TableWriter:
    """Appends chunks of rows to ``OUT/<table>.parquet`` or ``OUT/<table>.csv``."""

    CHUNK = 20_000   # rows buffered per table: one Parquet row group, a bounded memory

    def __init__(self, out: Path, fmt: str = "parquet"):
        if fmt not in FORMATS:
            raise InputError(f"--format {fmt!r}: choose parquet or csv")
        if fmt == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ModuleNotFoundError:
                raise InputError("Parquet output needs pyarrow: pip install 'votal[parquet]', "
                                 "or give --format csv") from None
        if out.exists() and not out.is_dir():
            raise InputError(f"{out}: exists and is not a folder")
        out.mkdir(parents=True, exist_ok=True)
        self.out, self.fmt = out, fmt
        self._writers: dict[str, Any] = {}   # pyarrow.parquet.ParquetWriter, imported late
        self._buffers: dict[str, list[dict]] = {}
        self._started: set[str] = set()
        for table in SCHEMA:   # a re-run replaces the tables of the last one, never mixes them
            self.path(table).unlink(missing_ok=True)

    def path(self, table: str) -> Path:
        return self.out / f"{table}.{self.fmt}"

    def write(self, table: str, rows: list[dict]) -> None:
        """Buffer ``rows``; a table's buffer goes to disk once it holds :attr:`CHUNK` rows."""
        buf = self._buffers.setdefault(table, [])
        buf.extend(rows)
        if len(buf) >= self.CHUNK:
            self._flush(table)

    def _flush(self, table: str) -> None:
        rows = self._buffers.pop(table, [])
        if not rows and table in self._started:
            return
        df = frame(table, rows)
        if self.fmt == "csv":
            iso_times(table, df).to_csv(self.path(table), mode="a",
                                        header=table not in self._started, index=False)
        else:
            self._parquet(table).write_table(self._arrow(table, df))
        self._started.add(table)

    def _parquet(self, table: str):
        import pyarrow.parquet as pq

        if table not in self._writers:
            self._writers[table] = pq.ParquetWriter(self.path(table), _arrow_schema(table))
        return self._writers[table]

    @staticmethod
    def _arrow(table: str, df: pd.DataFrame):
        import pyarrow as pa

        return pa.Table.from_pandas(df, schema=_arrow_schema(table), preserve_index=False)

    def close(self) -> list[Path]:
        for table in SCHEMA:   # every table exists, if only with its header
            self._flush(table)
        for w in self._writers.values():
            w.close()
        self._writers.clear()
        return [self.path(t) for t in SCHEMA]

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def read_table(path: Path) -> pd.DataFrame:
    """A table written by :class:`TableWriter` (for tests and users' notebooks)."""
    import pandas as pd

    if path.suffix == ".csv":
        table = path.stem
        df = pd.read_csv(path, dtype={c: "string" for c, k in SCHEMA[table] if k == "string"})
        return frame(table, df.astype(object).where(df.notna(), None).to_dict("records"))
    return pd.read_parquet(path)
