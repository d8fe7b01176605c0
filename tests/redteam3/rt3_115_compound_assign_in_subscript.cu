// The loop's step written inside the subscript (tile[tx][(j += 8) - 8]): a
// layout whose index mapping spells a subscript twice would step twice.
// launch: rt3_115_compound_assign_in_subscript 2 32x8
static __global__ void rt3_115_compound_assign_in_subscript(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    int k = 0;
    for (int j = ty; j < 32;) out[blockIdx.x * 1024 + (k++) * 256 + ty * 32 + tx] = tile[tx][(j += 8) - 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_115_compound_assign_in_subscript<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
