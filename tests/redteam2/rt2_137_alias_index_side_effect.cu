// A row alias defined with a side-effecting index, float *row = tile[next++]:
// the increment happens once, at the definition, however often row is read.
// launch: rt2_137_alias_index_side_effect 2 32x8
__global__ void rt2_137_alias_index_side_effect(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int next = tx;
    float *row = tile[next++];
    const float a = row[ty];
    const float b = row[ty + 8];
    out[blockIdx.x * 256 + tid] = __float_as_int(a + 2.0f * b + 4.0f * tile[next & 31][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_137_alias_index_side_effect<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
