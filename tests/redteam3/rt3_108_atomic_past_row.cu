// Shared atomics whose address runs past the row (atomicAdd on
// &tile[ty][tx + 32], the next row's counter).
// launch: rt3_108_atomic_past_row 2 32x8
static __global__ void rt3_108_atomic_past_row(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    if (ty == 0) tile[8][tx] = 0;
    __syncthreads();
    if (ty % 2 == 0) atomicAdd(&tile[ty][tx + 32], 1);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_108_atomic_past_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
