// Warp specialization: warps 0-3 load the tile (each row twice over the
// loop), warps 4-7 wait at the barrier and then all read it transposed.
// launch: rt3_69_warp_specialized_legal 2 32x8
// expect: rewritten
static __global__ void rt3_69_warp_specialized_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (ty < 4)
        for (int j = ty; j < 32; j += 4) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_69_warp_specialized_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
