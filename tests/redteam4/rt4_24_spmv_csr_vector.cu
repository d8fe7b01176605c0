// SpMV, CSR vector kernel: a warp per row, the block's row pointers staged in
// shared memory, each lane summing a strided part of the row's nonzeros, the
// lanes' partials reduced through a per-warp shared row with __syncwarp.
// The matrix: row r has 1 + (r % 7) nonzeros at columns from the input.
// launch: rt4_24_spmv 2 32x4
#define WPB 4
__global__ void rt4_24_spmv(const int *in, int *out, int p) {
    __shared__ int ptrs[WPB + 1];
    __shared__ int vals[WPB][32];
    const int lane = threadIdx.x, warp = threadIdx.y;
    const int row0 = blockIdx.x * WPB;
    if (warp == 0 && lane <= WPB) {
        int start = 0;
        for (int r = 0; r < row0 + lane; ++r) start += 1 + r % 7;
        ptrs[lane] = start;
    }
    __syncthreads();
    const int row = row0 + warp, begin = ptrs[warp], end = ptrs[warp + 1];
    int sum = 0;
    for (int j = begin + lane; j < end; j += 32) {
        const int col = in[(j * 13) & 4095] & 255;
        sum += (in[(j * 7 + 1) & 4095] & 15) * (in[(2048 + col) & 4095] & 15);
    }
    vals[warp][lane] = sum;
    __syncwarp();
    for (int o = 16; o > 0; o >>= 1) {
        const int v = lane < o ? vals[warp][lane + o] : 0;
        __syncwarp();
        vals[warp][lane] += v;
        __syncwarp();
    }
    out[blockIdx.x * 128 + warp * 32 + lane] = vals[warp][0] * 256 + row;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_24_spmv<<<2, dim3(32, WPB)>>>(in, out, 0); }
#endif
