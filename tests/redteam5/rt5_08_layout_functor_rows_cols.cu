// A row-major layout as a constexpr functor struct that maps a linear index
// to (row, col); the fill walks the tile linearly through it, the read is a
// column of the 2-D tile (a 32-way conflict a pad removes).
// launch: rt5_08_layout_functor 2 32x8
// Kept by rapcc for a true reason: layout.row(i) and layout.col(i) are member
// functions of a struct object, calls rapcc does not interpret, so the
// fill's subscripts are unknown (rapcc-unproved).
template <int ROWS, int COLS>
struct RowMajor {
    static constexpr int rows = ROWS, cols = COLS, size = ROWS * COLS;
    __device__ constexpr int row(int i) const { return i / COLS; }
    __device__ constexpr int col(int i) const { return i % COLS; }
};
__global__ void rt5_08_layout_functor(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    constexpr RowMajor<32, 32> layout{};
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < layout.size; i += 256)
        tile[layout.row(i)][layout.col(i)] = in[(blockIdx.x * 1024 + i) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 5 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_08_layout_functor<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
