// The legal twin of the alias traps: float *row = tile[r] with r never
// written again, read by columns.
// launch: rt2_146_row_alias_legal 2 32x8
// expect: rewritten
__global__ void rt2_146_row_alias_legal(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const int r = tx;
    const float *row = tile[r];
    out[blockIdx.x * 256 + tid] = __float_as_int(row[ty] + 2.0f * row[ty + 8]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_146_row_alias_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
