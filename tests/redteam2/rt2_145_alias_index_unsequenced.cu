// A row alias read beside a pre-increment of its index in one expression:
// the alias's row is the one it was defined with, before the increment.
// launch: rt2_145_alias_index_unsequenced 2 32x8
__global__ void rt2_145_alias_index_unsequenced(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int r = tx & 15;
    const float *row = tile[r];
    const float v = tile[++r][ty];
    out[blockIdx.x * 256 + tid] = __float_as_int(row[ty] + 2.0f * v);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_145_alias_index_unsequenced<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
