// Row pointers passed to a __device__ function that indexes past its row
// (it treats the rest of the tile as continuing storage).
// launch: rt09_rowfn 2 32x4
__device__ int dot_row(const int *row, int n, int stride) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += row[i * stride] * (i + 1);
    return s;
}
__global__ void rt09_rowfn(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 512; i += 128) tile[i / 32][i % 32] = in[blockIdx.x * 512 + i] & 511;
    __syncthreads();
    int acc = dot_row(tile[ty], 32, 1);
    acc += dot_row(&tile[0][tx], 16, 32);
    acc += dot_row(tile[ty + 4], 40, 1);
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt09_rowfn<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
