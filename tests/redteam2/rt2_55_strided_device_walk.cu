// &tile[r][c] handed to a device function that walks it with a stride
// argument: a stride of 32 goes down a column of the declared layout.
// launch: rt2_55_strided_device_walk 2 32x8
__device__ float walk(const float *p, int stride, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i) s += p[i * stride] * (float)(i + 1);
    return s;
}
__global__ void rt2_55_strided_device_walk(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(walk(&tile[ty][tx], 32, 4) + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_55_strided_device_walk<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
