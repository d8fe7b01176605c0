// An iterator that holds a row pointer-to-array and a row index (operator++
// moves to the next row, operator[] takes a column): each thread's iterator
// sits on row tx and reads four columns, a 32-way conflict.
// launch: rt5_12_row_iter 2 32x8
// Kept by rapcc for a true reason: the iterators hold `tile` decayed to a
// pointer to its rows (rapcc-escape), and rapcc does not follow a pointer
// stored in a struct.
template <int W>
struct RowIterator {
    int (*base)[W];
    int row;
    __device__ RowIterator &operator++() { ++row; return *this; }
    __device__ int &operator[](int c) const { return base[row][c]; }
};
__global__ void rt5_12_row_iter(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    RowIterator<32> fill{tile, ty};
    for (int k = 0; k < 4; ++k) {
        fill[tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
        ++fill; ++fill; ++fill; ++fill; ++fill; ++fill; ++fill; ++fill;
    }
    __syncthreads();
    const RowIterator<32> col{tile, tx};
    int acc = 0;
    for (int k = 0; k < 4; ++k) acc = acc * 5 + col[ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_12_row_iter<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
