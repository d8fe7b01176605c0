// A 64x4 launch whose upper half-warps return at once: the threads left
// have tx < 32, so tile[ty][tx] stays in its row.
// launch: rt2_83_early_return_narrows 2 64x4
// expect: rewritten
__global__ void rt2_83_early_return_narrows(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    if (threadIdx.x >= 32) return;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 4)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 4)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_83_early_return_narrows<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
