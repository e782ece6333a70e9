/**
 * Generates large, realistic-looking Verus files (synthetic: no real project produced them) for the
 * parse benchmark and the size tests. Deterministic: the same options give the same text.
 */
export interface GeneratedVerusSourceOptions {
  /** Minimum number of lines; generation stops at the first shape boundary at or after it. */
  minimumLines: number;
  /** Put non-ASCII characters (é ✓ 😀) in comments and strings. */
  nonAscii?: boolean;
}

const SHAPES: Array<(index: number, nonAscii: boolean) => string> = [
  (index, nonAscii) => `${nonAscii ? `// recherche binaire ✓ n°${index} 😀\n` : ''}pub fn binary_search_${index}(v: &Vec<u64>, k: u64) -> (r: usize)
    requires
        forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j],
        exists|i: int| 0 <= i < v.len() && k == v[i],
    ensures
        r < v.len(),
        k == v[r as int],
{
    let mut i1: usize = 0;
    let mut i2: usize = v.len() - 1;
    while i1 != i2
        invariant
            i2 < v.len(),
            exists|i: int| i1 <= i <= i2 && k == v[i],
            forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j],
        decreases i2 - i1,
    {
        let ghost d = i2 - i1;
        let ix = i1 + (i2 - i1) / 2;
        if v[ix] < k {
            i1 = ix + 1;
        } else {
            i2 = ix;
        }
        assert(i2 - i1 < d);
    }
    i1
}
`,
  (index) => `pub open spec fn triangle_${index}(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + triangle_${index}((n - 1) as nat) }
}

proof fn triangle_is_monotonic_${index}(i: nat, j: nat)
    requires i <= j,
    ensures triangle_${index}(i) <= triangle_${index}(j),
    decreases j,
{
    if i < j {
        triangle_is_monotonic_${index}(i, (j - 1) as nat);
        assert(triangle_${index}(i) <= triangle_${index}((j - 1) as nat)) by {
            reveal_with_fuel(triangle_${index}, 2);
        }
    }
}
`,
  (index, nonAscii) => `pub struct Counter${index} {
    pub value: u64,
    pub limit: u64,
}

impl Counter${index} {
    pub closed spec fn well_formed(&self) -> bool {
        &&& self.value <= self.limit
        &&& self.limit < 1000
    }

    pub fn increment(&mut self, amount: u64)
        requires old(self).well_formed(), old(self).value + amount <= old(self).limit,
        ensures self.well_formed(), self.value == old(self).value + amount,
    {
        let mut k: u64 = 0;
        while k < amount
            invariant
                k <= amount, self.limit == old(self).limit,
                self.value == old(self).value + k, self.well_formed(),
            decreases amount - k,
        {
            self.value = self.value + 1;${nonAscii ? ' // « été »' : ''}
            k = k + 1;
        }
    }
}
`,
  (index) => `proof fn lemma_mul_bound_${index}(x: int, y: int, z: int)
    requires 0 <= x, 0 <= y <= z,
    ensures x * y <= x * z,
{
    assert(x * y <= x * z) by (nonlinear_arith)
        requires 0 <= x, y <= z;
    assert forall|k: int| 0 <= k < x implies k * y <= k * z by {
        lemma_mul_bound_${index}(k, y, z);
    }
    assert(Seq::<int>::empty().push(x) =~= seq![x]);
}

fn sum_rows_${index}(m: &Vec<Vec<u32>>) -> (total: u64)
    requires forall|r: int| 0 <= r < m.len() ==> #[trigger] m[r].len() <= 10,
{
    let mut total: u64 = 0;
    for row in iter: 0..m.len()
        invariant total <= row * 10 * 0xffff_ffff,
    {
        let mut c: usize = 0;
        loop
            invariant c <= m[row as int].len(),
            decreases m[row as int].len() - c,
        {
            if c >= m[row].len() { break; }
            proof { assert(c < m[row as int].len()); }
            c = c + 1;
        }
    }
    total
}
`,
];

export function generateVerusSource(options: GeneratedVerusSourceOptions): string {
  const nonAscii = options.nonAscii ?? false;
  const parts: string[] = ['use vstd::prelude::*;\n\nverus! {\n\n'];
  let lines = 4;
  for (let index = 0; lines < options.minimumLines; index++) {
    const shape = SHAPES[index % SHAPES.length];
    if (shape === undefined) break;
    const text = shape(index, nonAscii);
    parts.push(text, '\n');
    lines += text.split('\n').length;
  }
  parts.push('} // verus!\n');
  return parts.join('');
}
